// Barrel of tokens/: each module of this area is re-exported here.
export * from "./context-estimate.js";
export * from "./estimate.js";
export * from "./projected.js";
export * from "./rows.js";
export * from "./usage.js";
