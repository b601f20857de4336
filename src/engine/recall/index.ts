// Barrel of recall/: each module of this area is re-exported here.
export * from "./types.js";
export { tokenize } from "./tokenize.js";
export { buildRecallIndex, type RecallSource } from "./build.js";
export { buildRecallIndexForTree, type TreeRecallOptions } from "./from-tree.js";
export { parseRecallQuery } from "./query.js";
export { parseScope, resolveScope, SCOPE_HELP } from "./scope.js";
export { search, DEFAULT_PAGE_SIZE, DEFAULT_REGEX_BUDGET_MS, type SearchOptions } from "./search.js";
export { browse, expand, BROWSE_LIMIT, type BrowsePage, type ExpandedEntry } from "./browse.js";
export { checkRegexSafety } from "./regex-safety.js";
export { docContent, collectCallPaths, summaryLine, type DocContent } from "./document.js";
export { formatSearchPage, formatBrowse, formatExpanded, entryHead, quoted } from "./format.js";
export { toFtsMatch } from "./fts-query.js";
export { makeSnippet, finderFor } from "./snippet.js";
export { typoBudget, boundedDistance } from "./expand-terms.js";
export { passesFilters, fileMatches } from "./filters.js";
