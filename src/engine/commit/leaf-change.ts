// What an append does to pi's leaf, said before anything is written: pi continues from the last
// entry in the file, so the last entry appended becomes its leaf. Either it goes on top of the
// leaf (a label, a compaction: the same branch, one entry longer) or it hangs elsewhere (a branch
// summary at the entry navigated to: the old leaf's entries stay in the file, off pi's path).
import type { PendingCommit } from "./pending-commit.js";

/** One sentence on pi's leaf before and after appending `pending` (ids as they are: the caller sanitizes). */
export function leafChangeText(oldLeafId: string | null, pending: PendingCommit): string {
  const from = oldLeafId ?? "(none: no entries yet)";
  const attach = pending.entries[0]?.parentId ?? null;
  if (attach === oldLeafId) return `pi's leaf moves from ${from} to ${pending.newLeafId}, on top of it: the same branch, one step on.`;
  return `pi's leaf moves from ${from} to ${pending.newLeafId}, under ${attach ?? "(the root)"}: another branch; the entries after ${attach ?? "the root"} on the way to ${from} stay in the file, off pi's path.`;
}

/**
 * The first lines of every append's preview: how many entries go into `file`, then where pi's leaf
 * goes (leafChangeText). Texts as they are: the caller sanitizes and indents.
 */
export function appendHeading(file: string, pending: PendingCommit, oldLeafId: string | null): { heading: string; leaf: string } {
  const n = pending.entries.length;
  return { heading: `Will append ${n} ${n === 1 ? "entry" : "entries"} to ${file}:`, leaf: leafChangeText(oldLeafId, pending) };
}
