// Everything in a session file that pi loses or reattaches: each damaged line (with what pi loses
// there) and each orphaned entry (its parent id names no entry, so pi shows it as a root), in file
// order, each with the entry a jump lands on. Pure, over the loaded session and its tree.
import type { SessionTree } from "../../src/engine/index.js";

export type ProblemItem =
  | { kind: "damaged"; line: number; problem: string; note: boolean; jumpId: string | null }
  | { kind: "orphan"; line: number; entryId: string; parentId: string; jumpId: string; problem?: string };

/** The entry nearest after `line` (else the last before it): where a damaged line's jump lands. `kept`: ascending lines. */
function entryNear(kept: readonly { line: number; id: string }[], line: number): string | null {
  let lo = 0;
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (kept[mid].line > line) hi = mid;
    else lo = mid + 1;
  }
  return (kept[lo] ?? kept[kept.length - 1])?.id ?? null;
}

export function problemItems(tree: SessionTree): ProblemItem[] {
  const { entries, entryLines } = tree.loaded;
  // Entries pi keeps, by line: a problem on an entry's own line is about that entry.
  const entryAt = new Map<number, string>();
  const kept: { line: number; id: string }[] = [];
  const orphans = new Map<number, { entryId: string; parentId: string }>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (typeof e.id !== "string" || !tree.byId.has(e.id)) continue;
    entryAt.set(entryLines[i], e.id);
    kept.push({ line: entryLines[i], id: e.id });
    const parentId = e.parentId;
    if (typeof parentId === "string" && parentId !== "" && parentId !== e.id && !tree.byId.has(parentId)) orphans.set(entryLines[i], { entryId: e.id, parentId });
  }
  const items: ProblemItem[] = [];
  const explained = new Set<number>();
  for (const d of tree.loaded.diagnostics) {
    const orphan = orphans.get(d.line);
    if (orphan && !d.note) {
      // The loader's own words for it ("parent a1 of entry u2 does not exist (it was on damaged line 3)").
      explained.add(d.line);
      items.push({ kind: "orphan", line: d.line, ...orphan, jumpId: orphan.entryId, problem: d.problem });
    } else items.push({ kind: "damaged", line: d.line, problem: d.problem, note: d.note === true, jumpId: entryAt.get(d.line) ?? entryNear(kept, d.line) });
  }
  for (const [line, orphan] of orphans) if (!explained.has(line)) items.push({ kind: "orphan", line, ...orphan, jumpId: orphan.entryId });
  return items.sort((a, b) => a.line - b.line);
}
