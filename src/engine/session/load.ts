import type { Diagnostic, PiProfile, SessionEntry, SessionHeader } from "../types.js";

/** A session file as pi loads it: header, entries after migration, and what was damaged. */
export interface LoadedSession {
  /** The first header pi finds (after migration its version is 3); null when there is none. */
  header: SessionHeader | null;
  /** Non-header entries in file order, as pi holds them after migration (v1 files get ids 00000001, ...). */
  entries: SessionEntry[];
  /** 1-based physical line of each entry of `entries`, same index. */
  entryLines: number[];
  /** Every damaged line or structural problem, with its line and what pi loses there. */
  diagnostics: Diagnostic[];
  /** The file's own version before migration (1, 2 or 3). */
  fileVersion: number;
  /** Set when pi would not load this file at all (e.g. no valid header); the text says why. */
  invalid?: string;
}

// STUB: owned by the session/tree helper; signature is the contract.
export function parseSession(_input: string | Uint8Array, _profile: PiProfile): LoadedSession {
  throw new Error("parseSession: not implemented yet");
}
