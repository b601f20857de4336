// Shared vocabulary of the session picker (pi's /resume, pi-tui-features.md §2).
import type { SessionInfo } from "../../src/engine/index.js";
import type { ContentHit } from "./content-search.js";

/** Current folder or every project (Tab). */
export type PickerScope = "current" | "all";
/** pi's sort cycle (Ctrl+S): threaded -> recent -> relevance ("Fuzzy" in the header). */
export type PickerSort = "threaded" | "recent" | "relevance";
/** pi's named filter (Ctrl+N). */
export type NameFilter = "all" | "named";

/** One visible line of the list: a session plus its place in the threaded tree. */
export interface PickerRow {
  session: SessionInfo;
  /** 0 for a root; forks nest under their parentSessionPath in threaded mode. */
  depth: number;
  /** Whether this is its parent's last child (draws └─ instead of ├─). */
  isLast: boolean;
  /** Index of the parent's row in the same list, -1 for a root. Tree glyphs are built from it on demand. */
  parentRow: number;
  /** What the content search found in this session for the query (its best hit). */
  hit?: ContentHit;
}

export const SORT_LABEL: Record<PickerSort, string> = { threaded: "Threaded", recent: "Recent", relevance: "Fuzzy" };
