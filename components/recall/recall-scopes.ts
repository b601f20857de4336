// The scopes the recall screen cycles through: the engine's scopes, one per compaction.
import type { RecallScope } from "../../src/engine/index.js";

export interface ScopeOption {
  scope: RecallScope;
  /** What the user reads (and could type as `scope:<name>`). */
  name: string;
}

const FIXED: ScopeOption[] = [
  { scope: { kind: "lineage" }, name: "lineage" },
  { scope: { kind: "all" }, name: "all" },
  { scope: { kind: "forgotten" }, name: "forgotten" },
];

/** lineage, all, forgotten, then compaction:1 … compaction:N (the last one is also "latest"). */
export function scopeOptions(compactionCount: number): ScopeOption[] {
  const out = [...FIXED];
  for (let n = 1; n <= compactionCount; n++) {
    out.push({ scope: { kind: "compaction", which: n }, name: n === compactionCount ? `compaction:${n} (latest)` : `compaction:${n}` });
  }
  return out;
}

/** The next option index, wrapping both ways. */
export function cycleIndex(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return 0;
  return (((current + direction) % count) + count) % count;
}
