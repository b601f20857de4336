// Shapes shared by the recall modules: indexed documents, the index, parsed queries, results.
import type { SessionEntry } from "../types.js";

/** What kind of entry a recall document came from. */
export type RecallRole = "user" | "assistant" | "toolResult" | "bash" | "compaction" | "branchSummary";

/** Where a hit sits relative to what the model sees now. */
export type RecallLabel = "abandoned branch" | "compacted" | "forgotten";

/** One searchable entry. `text` is what is tokenized, searched and snippeted. */
export interface RecallDoc {
  /** Position in `RecallIndex.docs` (file order). */
  idx: number;
  entryId: string;
  /** The global `#N` (0-based ordinal among all message entries in file order); null for summaries. */
  ref: number | null;
  role: RecallRole;
  text: string;
  /** Lower-cased tool names this entry calls or answers. */
  tools: string[];
  /** Path arguments of the tool calls (or of the call a tool result answers). */
  files: string[];
  isError: boolean;
  labels: RecallLabel[];
}

export interface RecallIndex {
  docs: RecallDoc[];
  /** The source entry of each doc, same position (expand renders from it, unclipped). */
  entries: SessionEntry[];
  /**
   * Postings, dictionary and doc lengths, built on the first call: tokenizing every doc is most
   * of the cost of indexing, and browse, expand, regex and filter-only searches never need it.
   */
  terms(): RecallTerms;
  /** Doc positions of the active lineage, root first. */
  lineage: number[];
  /** Compactions in file order (1-based as the user numbers them) with the docs each summarized. */
  compactions: RecallCompaction[];
  /** Docs on the active path that are not in the model's current context, path order. */
  forgotten: number[];
  /** Tool-call id -> path arguments (a tool result's file, also for expand). */
  callPaths: Map<string, string[]>;
  docByEntryId: Map<string, number>;
  docByRef: Map<number, number>;
  /** Memoized per-scope figures (doc set, N, average length). */
  scopeCache: Map<string, ScopeDocs>;
}

export interface RecallTerms {
  /** term -> flat postings [docIdx, tf, docIdx, tf, ...], docIdx ascending. */
  postings: Map<string, Int32Array>;
  /** Every term, sorted (prefix lookups). */
  sortedTerms: string[];
  /** Terms bucketed by length (typo lookups). */
  termsByLength: Map<number, string[]>;
  /** Tokens per doc (BM25 document length), by doc position. */
  lengths: Int32Array;
}

export interface RecallCompaction {
  /** 1-based ordinal in file order. */
  ordinal: number;
  entryId: string;
  /** Summarized docs in path order. */
  span: number[];
}

export interface ScopeDocs {
  key: string;
  /** Human label: "" for lineage, " (scope: all)", " (scope: compaction:2, #40-#97)". */
  label: string;
  /** Docs of the scope in display order (path order, or file order for `all`). */
  order: number[];
  /** inScope[docIdx] = 1 when in scope. */
  mask: Uint8Array;
  /** Mean doc length over the scope (BM25); filled on the first word search. */
  avgLength?: number;
  /** position[docIdx] = index in `order`, or -1; filled on first use. */
  position?: Int32Array;
}

export type RecallScope =
  | { kind: "lineage" }
  | { kind: "all" }
  | { kind: "forgotten" }
  | { kind: "compaction"; which: number | "latest" };

export interface RecallFilters {
  roles: RecallRole[];
  tools: string[];
  files: string[];
}

export type RecallMatcher =
  | { kind: "terms"; words: string[]; phrases: string[][] }
  | { kind: "regex"; source: string; regex: RegExp }
  | { kind: "none" };

export interface RecallQuery {
  text: string;
  matcher: RecallMatcher;
  filters: RecallFilters;
  /** A `scope:` token inside the query text, if any. */
  scope?: RecallScope;
}

/** Either a value or a one-line message saying what was wrong. */
export type RecallResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface HighlightRange {
  start: number;
  end: number;
}

export interface RecallSnippet {
  text: string;
  /** Offsets into `text` of every visible match, ascending, non-overlapping. */
  highlights: HighlightRange[];
  linesAbove: number;
  linesBelow: number;
}

/** One entry as shown in results, browse or a segment. */
export interface RecallEntryView {
  entryId: string;
  ref: number | null;
  role: RecallRole;
  labels: RecallLabel[];
  files: string[];
  /** One-line rendering, clipped. */
  summary: string;
}

export interface RecallHit extends RecallEntryView {
  /** 1-based rank across all pages. */
  rank: number;
  score: number;
  snippet: RecallSnippet | null;
}

export type SegmentLine = { kind: "entry"; entry: RecallEntryView; hit: RecallHit | null } | { kind: "elided"; count: number };

/** A conversation segment: a user (or bash) turn and what followed it until the next one. */
export interface RecallSegment {
  firstRef: number | null;
  lastRef: number | null;
  entryCount: number;
  matchCount: number;
  lines: SegmentLine[];
}

export interface RecallSearchPage {
  query: string;
  scopeLabel: string;
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** This page's hits in rank order. */
  hits: RecallHit[];
  /** The same hits grouped by conversation segment, chronological. */
  segments: RecallSegment[];
  /** Query words answered by nearby index terms instead: word -> terms used. */
  corrections: Record<string, string[]>;
  /** Set when a regex search stopped at its time budget; results are partial. */
  timedOut: boolean;
}
