import type { PiProfile } from "../types.js";

/** pi's SessionInfo (spec §6.1) plus what pi-explorer's picker shows. */
export interface SessionInfo {
  path: string;
  id: string;
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  modified: Date;
  messageCount: number;
  firstMessage: string;
  allMessagesText: string;
  /** pi-explorer extras. */
  sizeBytes: number;
  branchCount: number;
  compactionCount: number;
  damagedLines: number;
}

export interface ListSessionsOptions {
  /** pi's agent dir (see resolveAgentDir). */
  agentDir: string;
  /** The working directory whose sessions to list. */
  cwd: string;
  /** An explicit sessions directory (pi's --session-dir / env / settings.sessionDir). */
  sessionDir?: string;
  /** Every project (pi's listAll). */
  all?: boolean;
  profile: PiProfile;
}

// STUBS: owned by the session/tree helper; signatures are the contract.
/** pi's agent dir: $PI_CODING_AGENT_DIR (~ expanded) or ~/.pi/agent. env and home are passed in. */
export function resolveAgentDir(_env: Record<string, string | undefined>, _home: string): string {
  throw new Error("resolveAgentDir: not implemented yet");
}
/** pi's SessionManager.list / listAll, newest (modified) first. Unreadable files are skipped. */
export function listSessions(_opts: ListSessionsOptions): SessionInfo[] {
  throw new Error("listSessions: not implemented yet");
}
