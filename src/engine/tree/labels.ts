// Labels and the session name as pi resolves them on load (spec §5.4, §6.3).
import type { SessionEntry } from "../types.js";

export interface ResolvedLabel {
  label: string;
  /** Timestamp of the label entry that set it (pi's labelTimestamp). */
  timestamp: string;
}

/** Label entries in file order: a truthy label sets, a falsy one clears; the last one wins. */
export function resolveLabels(entries: SessionEntry[]): Map<string, ResolvedLabel> {
  const labels = new Map<string, ResolvedLabel>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.type !== "label") continue;
    const targetId = e.targetId as string;
    if (e.label) labels.set(targetId, { label: e.label as string, timestamp: e.timestamp });
    else labels.delete(targetId);
  }
  return labels;
}

/** pi's getSessionName(): the latest session_info decides; a blank name clears it. */
export function resolveSessionName(entries: SessionEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.type !== "session_info") continue;
    const name = e.name as unknown;
    return typeof name === "string" ? name.trim() || undefined : undefined;
  }
  return undefined;
}
