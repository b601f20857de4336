// Barrel of display/: what every front end needs before it shows session text and facts.
export { isInert, sanitizeBlock, sanitizeInline, sanitizeLine } from "./sanitize.js";
export { formatAge, formatBytes, type ByteStyle } from "./units.js";
