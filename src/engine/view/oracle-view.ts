// The whole oracle object for a session (minus the oracle/version/node/file bookkeeping).
import type { SessionTree } from "../tree/tree.js";
import type { PiProfile } from "../types.js";
import { branchView, type BranchView, type BranchViewOptions } from "./branch-view.js";
import { compactionSection, type CompactionView } from "./compaction-view.js";
import { contextView, type ContextView } from "./context-view.js";
import { sessionView, type SessionView } from "./session-view.js";

export const DEFAULT_ORACLE_KEEPS = [20000, 2000, 8000] as const;

export interface OracleViewOptions extends BranchViewOptions {
  keeps?: readonly number[];
  reserve?: number;
}

export interface OracleView extends SessionView {
  context: ContextView;
  compaction: Record<string, CompactionView | string>;
  branchSummary: BranchView;
}

export function oracleView(tree: SessionTree, options: OracleViewOptions = {}, profile: PiProfile = "1.6"): OracleView {
  return {
    ...sessionView(tree),
    context: contextView(tree, tree.leafId, profile),
    compaction: compactionSection(tree, options.keeps ?? DEFAULT_ORACLE_KEEPS, profile, options.reserve),
    branchSummary: branchView(tree, options, profile),
  };
}
