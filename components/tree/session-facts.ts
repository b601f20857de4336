// What the explorer shows beyond pi's /tree, computed from the engine: which entries are in the
// model's context at the leaf (buildContext source ids), per-entry token estimates, and the
// status-line totals. Context is computed once per load; token estimates lazily per drawn row.
import {
  buildContext,
  damagedLineCount,
  entryContextMessages,
  estimateBuiltContext,
  getBranch,
  estimateTokens,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import type { FlatTree } from "./flat-tree.js";
import type { RowFacts } from "./row-render.js";

export interface SessionFacts extends RowFacts {
  entryCount: number;
  /** Entries with more than one child: the places where the session branched. */
  branchPoints: number;
  /** Leaves: the number of branches a reader can follow. */
  branches: number;
  /** What pi counts as the context at the leaf (the engine's estimateBuiltContext: the same figure the branch flow shows as "now"). */
  contextTokens: number;
  damagedLines: number;
}

export function computeSessionFacts(tree: SessionTree, flat: FlatTree, profile: PiProfile, now: Date): SessionFacts {
  const n = flat.nodes.length;
  const inContext = new Uint8Array(n);
  const context = buildContext(tree.loaded.entries, tree.leafId, profile, tree.byId);
  for (const m of context.messages) {
    const node = m.sourceId === null ? undefined : flat.indexOf.get(m.sourceId);
    if (node !== undefined) inContext[node] = 1;
  }
  const childCounts = new Int32Array(n);
  for (const node of flat.nodes) if (node.parent >= 0) childCounts[node.parent]++;
  let branchPoints = 0;
  let branches = 0;
  for (let i = 0; i < n; i++) {
    if (childCounts[i] > 1) branchPoints++;
    if (childCounts[i] === 0) branches++;
  }
  const tokenCache = new Int32Array(n).fill(-1);
  const tokens = (node: number): number => {
    if (tokenCache[node] < 0) {
      let sum = 0;
      for (const m of entryContextMessages(flat.nodes[node].entry, profile)) sum += estimateTokens(m, profile);
      tokenCache[node] = sum;
    }
    return tokenCache[node];
  };
  return {
    inContext,
    tokens,
    now,
    entryCount: n,
    branchPoints,
    branches,
    contextTokens: estimateBuiltContext(context, getBranch(tree, tree.leafId), profile).tokens,
    damagedLines: damagedLineCount(tree.loaded.diagnostics),
  };
}
