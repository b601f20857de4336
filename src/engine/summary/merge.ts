// Merging a previous summary with a fresh one (vcc.md §2.7): volatile sections are replaced,
// sticky ones de-duplicated and capped (newest kept), files unioned, the brief rolled on.
import { capBrief } from "./brief.js";
import type { SummaryDocument } from "./document.js";
import { capEarlier } from "./document.js";
import { COMMITS_CAP } from "./sections/commits.js";
import { EARLIER_TURNS_CAP } from "./sections/earlier-turns.js";
import { unionFileGroups } from "./sections/files.js";
import { GOAL_CAP } from "./sections/goal.js";

const MERGED_PREFERENCES_CAP = 15;

/** Previous items then fresh ones, first occurrence kept, the last `cap` returned. */
function stickyMerge(previous: readonly string[], fresh: readonly string[], cap: number): string[] {
  if (previous.length === 0) return fresh.slice(-cap);
  if (fresh.length === 0) return previous.slice(-cap);
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const item of [...previous, ...fresh]) {
    if (item.includes("<skill") || item.includes("</skill") || seen.has(item)) continue;
    seen.add(item);
    merged.push(item);
  }
  return merged.slice(-cap);
}

function joinLines(a: readonly string[], b: readonly string[]): string[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  return [...a, "", ...b];
}

export function mergeDocuments(previous: SummaryDocument, fresh: SummaryDocument): SummaryDocument {
  return {
    earlier: capEarlier(joinLines(previous.earlier, fresh.earlier)),
    goal: stickyMerge(previous.goal, fresh.goal, GOAL_CAP),
    preferences: stickyMerge(previous.preferences, fresh.preferences, MERGED_PREFERENCES_CAP),
    files: unionFileGroups(previous.files, fresh.files),
    commits: stickyMerge(previous.commits, fresh.commits, COMMITS_CAP),
    outstanding: fresh.outstanding,
    earlierTurns: stickyMerge(previous.earlierTurns, fresh.earlierTurns, EARLIER_TURNS_CAP),
    currentStatus: fresh.currentStatus,
    brief: capBrief(joinLines(previous.brief, fresh.brief)),
  };
}
