// What the timeline screen shows, computed once per tree and entry: the path (the active path when the
// entry is on it, else the branch through the entry down to its newest leaf), its points, pi's
// threshold for the session's model and where the previewed cut would fall.
import {
  buildContextFromPath,
  contextTimeline,
  getBranch,
  loadUserSettings,
  pathIdSet,
  planCompaction,
  pointAtOrAfter,
  type PiProfile,
  type SessionEntry,
  type SessionTree,
  type TimelinePoint,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";

export interface TimelineData {
  points: TimelinePoint[];
  leafId: string | null;
  /** The point of the entry the timeline was opened on (or the nearest before it). */
  startAt: number;
  contextWindow: number;
  reserveTokens: number;
  threshold: number;
  /** The point where the previewed cut keeps from, or -1. */
  cutIndex: number;
}

/** The newest leaf below an entry (pi's children are in time order: the last is the latest). */
function newestLeafBelow(tree: SessionTree, id: string): string {
  let cur = id;
  for (let steps = 0; steps <= tree.loaded.entries.length; steps++) {
    const children: SessionEntry[] = tree.childrenOf(cur);
    if (children.length === 0) break;
    cur = children[children.length - 1].id;
  }
  return cur;
}

export function timelineData(tree: SessionTree, entryId: string, env: Pick<AppEnv, "env" | "home" | "cwd">, profile: PiProfile): TimelineData {
  const leafId = pathIdSet(tree).has(entryId) ? tree.leafId : newestLeafBelow(tree, entryId);
  const path = getBranch(tree, leafId);
  const points = contextTimeline(path, profile);
  const model = buildContextFromPath(path, profile).model;
  const { effective, contextWindow: window } = loadUserSettings({ env: env.env, home: env.home, cwd: env.cwd, profile, model });
  const reserveTokens = effective.compaction.reserveTokens.value;
  const keepRecentTokens = effective.compaction.keepRecentTokens.value;
  const plan = planCompaction({ path, keepRecentTokens, reserveTokens, profile });
  const keptId = plan.preparation?.firstKeptEntryId;
  const keptAt = keptId === undefined ? -1 : path.findIndex((e) => e.id === keptId);
  const at = path.findIndex((e) => e.id === entryId);
  let startAt = at < 0 ? points.length - 1 : pointAtOrAfter(points, at);
  if (startAt < 0) startAt = points.length - 1;
  const contextWindow = window.value;
  return {
    points,
    leafId,
    startAt: Math.max(0, startAt),
    contextWindow,
    reserveTokens,
    threshold: contextWindow - reserveTokens,
    cutIndex: keptAt < 0 ? -1 : pointAtOrAfter(points, keptAt),
  };
}
