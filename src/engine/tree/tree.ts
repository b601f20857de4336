import type { SessionEntry } from "../types.js";
import type { LoadedSession } from "../session/load.js";

/** The session as a tree, the way pi indexes it on load. */
export interface SessionTree {
  loaded: LoadedSession;
  /** Last entry per id (pi's map keeps the last duplicate). */
  byId: Map<string, SessionEntry>;
  /** Roots in file order (parentId null, self-parent, or an orphan). */
  roots: SessionEntry[];
  /** Children of an entry in pi's getTree order: by timestamp ascending, stable on file order. */
  childrenOf(id: string): SessionEntry[];
  /** The leaf pi picks on load: the id of the last entry in file order. */
  leafId: string | null;
  /** Resolved labels (latest wins, empty clears) with the timestamp of the label entry. */
  labels: Map<string, { label: string; timestamp: string }>;
  /** pi's getSessionName(): latest session_info decides, blank clears. */
  sessionName: string | undefined;
}

// STUBS: owned by the session/tree helper; signatures are the contract.
export function buildTree(_loaded: LoadedSession): SessionTree {
  throw new Error("buildTree: not implemented yet");
}
/** pi's getBranch: the path from the root to `fromId` (default: the leaf), root first; [] when unknown. */
export function getBranch(_tree: SessionTree, _fromId?: string | null): SessionEntry[] {
  throw new Error("getBranch: not implemented yet");
}
