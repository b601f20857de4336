// The user's pi settings that decide what a commit writes: compaction keepRecentTokens /
// reserveTokens (with 1.6's per-model overrides) and the branch-summary budget and skipPrompt.
import {
  getBranch,
  loadUserSettings,
  modelAtEnd,
  type CompactionSettings,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";

export interface CommitSettings {
  compaction: CompactionSettings;
  /** Tokens of abandoned-branch messages pi's summarizer reads: window − branchSummary.reserveTokens. */
  branchBudget: number;
  /** branchSummary.reserveTokens (pi's own summary takes its budget from its model's window minus this). */
  branchReserveTokens: number;
  /** branchSummary.skipPrompt: pi never asks and never summarizes. */
  skipPrompt: boolean;
  /** Settings pi would reject, one line each. */
  problems: string[];
  /** The model's context window as the user's pi knows it (else pi's assumed fallback). */
  contextWindow: number;
}

/** The settings in force for a commit at `leafId` (the model there picks 1.6's overrides). */
export function loadCommitSettings(env: AppEnv, profile: PiProfile, tree: SessionTree, leafId: string | null): CommitSettings {
  // Only the model is needed: found from the path's end, without building its whole context.
  const model = modelAtEnd(getBranch(tree, leafId));
  const { effective, problems, contextWindow } = loadUserSettings({ env: env.env, home: env.home, cwd: env.cwd, profile, model });
  return {
    compaction: {
      enabled: true,
      keepRecentTokens: effective.compaction.keepRecentTokens.value,
      reserveTokens: effective.compaction.reserveTokens.value,
    },
    branchBudget: contextWindow.value - effective.branchSummary.reserveTokens.value,
    branchReserveTokens: effective.branchSummary.reserveTokens.value,
    skipPrompt: effective.branchSummary.skipPrompt.value,
    problems,
    contextWindow: contextWindow.value,
  };
}

/** pi's auto-compaction threshold at the session's leaf: window - compaction.reserveTokens (the window from the user's pi model data, else pi's fallback). */
export function autoCompactThreshold(env: AppEnv, tree: SessionTree): number {
  const settings = loadCommitSettings(env, env.profile, tree, tree.leafId);
  return settings.contextWindow - settings.compaction.reserveTokens;
}
