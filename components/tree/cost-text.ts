// The tree's cost figures (counter line): the recorded cost of the active path and of the branch
// under the cursor, from the usage report of the tree shown (computed once per tree). Not asked of a
// first look: reading a lazy tool result's usage would parse it (the tree waits for the exact load).
import { branchOfEntry, formatCost, sessionUsage, type SessionTree, type SessionUsage } from "../../src/engine/index.js";

const reports = new WeakMap<SessionTree, SessionUsage>();

/** The report of a tree, made once per tree (the tree is immutable once loaded). */
export function treeUsage(tree: SessionTree): SessionUsage {
  let report = reports.get(tree);
  if (!report) reports.set(tree, (report = sessionUsage(tree)));
  return report;
}

/** "path $1.99 · branch $0.89" or "path $1.99 · shared part"; "" when the session records no usage. */
export function costText(tree: SessionTree, selectedId: string | null): string {
  const report = treeUsage(tree);
  if (report.session.all.usages === 0) return "";
  const path = `path ${formatCost(report.path.all)}`;
  if (selectedId === null || report.branches.length < 2) return `${path} · file ${formatCost(report.session.all)}`;
  const branch = branchOfEntry(tree, report, selectedId);
  return branch ? `${path} · this branch ${formatCost(branch.totals.all)}` : `${path} · shared part`;
}
