// The one door to the engine. Front ends import from here, never from deeper paths.
export * from "./types.js";
export * from "./session/index.js";
export * from "./tree/index.js";
export * from "./context/index.js";
export * from "./tokens/index.js";
export * from "./compaction/index.js";
export * from "./branch/index.js";
export * from "./serialize/index.js";
export * from "./settings/index.js";
export * from "./view/index.js";
export * from "./diff/index.js";
export * from "./display/index.js";
export * from "./summary/index.js";
export * from "./commit/index.js";
export * from "./recall/index.js";
export * from "./usage/index.js";
export * from "./store/index.js";
