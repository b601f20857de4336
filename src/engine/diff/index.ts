export * from "./context-diff.js";
export * from "./breakdown.js";
