// Barrel of view/: each module of this area is re-exported here.
export * from "./branch-view.js";
export * from "./compaction-view.js";
export * from "./context-view.js";
export * from "./message-rows.js";
export * from "./session-view.js";
