// The app's door to the one sanitizer for session text (the engine's display/sanitize.ts, which the
// CLI's text output uses too). Components import it from here so the kit stays their single source.
export { isInert, sanitizeBlock, sanitizeInline } from "../../src/engine/index.js";
