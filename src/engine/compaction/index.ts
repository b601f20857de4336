// Barrel of compaction/: each module of this area is re-exported here.
export * from "./auto-compact.js";
export * from "./bands.js";
export * from "./context-after.js";
export * from "./cut-types.js";
export * from "./file-ops.js";
export * from "./plan.js";
export * from "./prepare.js";
export * from "./previewer.js";
export * from "./projected-cut.js";
export * from "./raw-cut.js";
export * from "./warnings.js";
export * from "./why.js";
