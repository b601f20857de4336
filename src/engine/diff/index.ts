export * from "./context-diff.js";
export * from "./breakdown.js";
export * from "./branch-switch.js";
