// Barrel of display/: what every front end needs before it shows session text and facts.
export { isInert, sanitizeBlock, sanitizeInline, sanitizeLine } from "./sanitize.js";
export { countNoun, formatAge, formatBytes, formatCount, type ByteStyle } from "./units.js";
export { isBookkeepingEntry, passesTreeFilter, TREE_FILTER_MODES, type TreeFilterContext, type TreeFilterMode } from "./tree-filter.js";
export {
  entryRowSegments,
  formatToolCall,
  hasTextContent,
  rememberToolCalls,
  shortenHome,
  textOf,
  textPrefix,
  jsonPrefix,
  toolCallsOf,
  type RowSegment,
  type RowTone,
  type ToolCallInfo,
} from "./tree-row-text.js";
export { flattenTree, type FlatNode, type FlatTree } from "./tree-flatten.js";
export {
  foldRows,
  isFoldable,
  layoutVisibleTree,
  nearestVisibleRow,
  segmentJump,
  subtreeEnd,
  type Gutter,
  type VisibleTree,
} from "./tree-visible-rows.js";
export { displayIndent, treeRowPrefix } from "./tree-prefix.js";
