// Barrel of display/: what every front end needs before it shows session text.
export { isInert, sanitizeBlock, sanitizeInline, sanitizeLine } from "./sanitize.js";
