// The session tree flattened in pi's /tree order: the engine's display/tree-flatten.ts, shared with
// the CLI's `tree` text.
export { flattenTree, type FlatNode, type FlatTree } from "../../src/engine/index.js";
