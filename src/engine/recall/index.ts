// Barrel of recall/: each module of this area is re-exported here.
export * from "./types.js";
export { tokenize } from "./tokenize.js";
export { buildRecallIndex, type RecallSource } from "./build.js";
export { buildRecallIndexForTree, type TreeRecallOptions } from "./from-tree.js";
export { parseRecallQuery } from "./query.js";
export { parseScope, resolveScope, SCOPE_HELP } from "./scope.js";
export { search, DEFAULT_PAGE_SIZE, DEFAULT_REGEX_BUDGET_MS, type SearchOptions } from "./search.js";
export { matchesOutsideLineage } from "./elsewhere.js";
export { browse, expand, BROWSE_LIMIT, type BrowsePage, type ExpandedEntry } from "./browse.js";
export { checkRegexSafety } from "./regex-safety.js";
export { docContent, collectCallPaths, addCallPaths, summaryLine, ENTRY_TEXT_CAP, type DocContent } from "./document.js";
export { formatSearchPage, formatBrowse, formatExpanded, entryHead, quoted, noMatchesText, outsideLineageNote } from "./format.js";
export { makeSnippet, finderFor } from "./snippet.js";
export { typoBudget, boundedDistance } from "./expand-terms.js";
export { passesFilters, reversedPath } from "./filters.js";
export { TermTable } from "./term-table.js";
export { WordRows } from "./word-rows.js";
export {
  postingsView,
  packLengthRole,
  roleCode,
  ROLE_CODES,
  decodePostings,
  decodePositions,
  packedAt,
  type PackedBytes,
  type PackedRows,
  encodeLengths,
  decodeLengths,
  DamagedIndexError,
} from "./cross-postings.js";
export { phraseMatches, type PositionedRow, type PhraseMatches, type TakeInts } from "./cross-phrase.js";
export { Int32Arena } from "./int32-arena.js";
export { crossRank, type CrossRankInput, type WordPostings } from "./cross-rank.js";
export { prefixTerms, PREFIX_MIN, PREFIX_SCAN } from "./expand-terms.js";
