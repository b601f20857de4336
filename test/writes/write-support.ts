// Picking what the write tests write: an entry off the active path (a branch target), one on it (a
// label target), from our own reader of the session.
import { buildTree, getBranch, readSessionFile } from "../../src/engine/index.js";

export function targetsOf(file: string): { leafId: string; onPath: string; offPath: string } {
  const tree = buildTree(readSessionFile(file, "1.6").loaded);
  const active = new Set(getBranch(tree).map((e) => e.id));
  const offPath = [...tree.byId.values()].find((e) => !active.has(e.id) && e.type === "message" && (e.message as { role?: string }).role === "user");
  const onPath = getBranch(tree).find((e) => e.type === "message");
  if (!offPath || !onPath || tree.leafId === null) throw new Error(`${file}: no branch to test with`);
  return { leafId: tree.leafId, onPath: onPath.id, offPath: offPath.id };
}
