// Everything the diff view shows, from two contexts: the aligned rows (kept / removed / added) and
// the by-kind breakdown of each side. Pure; built once per pair of contexts.
import {
  contextBreakdown,
  diffContexts,
  type AgentMessage,
  type ContextDiff,
  type KindBreakdown,
  type PiProfile,
} from "../../src/engine/index.js";

/** One context message as both the compaction preview and the branch switch produce it. */
export interface SideRow {
  role: string;
  id: string | null;
  tokens: number;
  message: AgentMessage;
}

export interface DiffModel {
  /** What is compared, e.g. "now → after compaction". */
  title: string;
  beforeLabel: string;
  afterLabel: string;
  before: readonly SideRow[];
  after: readonly SideRow[];
  diff: ContextDiff;
  kinds: { before: KindBreakdown; after: KindBreakdown };
  /** A line of context under the title (e.g. pi's new leaf on a branch switch). */
  note?: string;
  /**
   * The totals the screen that opened the diff shows (pi's own count, which anchors on the last
   * reported usage), so the diff's header agrees with it; the rows stay per-message estimates.
   */
  counted?: { before: number; after: number };
}

export function buildDiffModel(
  labels: { title: string; beforeLabel: string; afterLabel: string; note?: string },
  before: readonly SideRow[],
  after: readonly SideRow[],
  profile: PiProfile,
): DiffModel {
  const strip = (rows: readonly SideRow[]) => rows.map(({ role, id, tokens, message }) => ({ role, id, tokens, message }));
  return {
    ...labels,
    before,
    after,
    diff: diffContexts(strip(before), strip(after)),
    kinds: {
      before: contextBreakdown(before.map((r) => r.message), profile),
      after: contextBreakdown(after.map((r) => r.message), profile),
    },
  };
}
