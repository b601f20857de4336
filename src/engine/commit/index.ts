// Barrel of commit/: each module of this area is re-exported here.
export * from "./random.js";
export * from "./serialize-entry.js";
export * from "./new-entry.js";
export * from "./compaction-entry.js";
export * from "./branch-summary-entry.js";
export * from "./label-entry.js";
export * from "./session-cwd.js";
export * from "./fork.js";
export * from "./pending-commit.js";
export * from "./focus-note.js";
export * from "./compaction-commit.js";
export * from "./branch-commit.js";
export * from "./cannot-append.js";
export * from "./leaf-change.js";
