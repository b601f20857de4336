// The user's pi settings that decide what a commit writes: compaction keepRecentTokens /
// reserveTokens (with 1.6's per-model overrides) and the branch-summary budget and skipPrompt.
import {
  ASSUMED_CONTEXT_WINDOW,
  buildContextFromPath,
  getBranch,
  loadUserSettings,
  type CompactionSettings,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";

export interface CommitSettings {
  compaction: CompactionSettings;
  /** Tokens of abandoned-branch messages pi's summarizer reads: window − branchSummary.reserveTokens. */
  branchBudget: number;
  /** branchSummary.skipPrompt: pi never asks and never summarizes. */
  skipPrompt: boolean;
  /** Settings pi would reject, one line each. */
  problems: string[];
}

/** The settings in force for a commit at `leafId` (the model there picks 1.6's overrides). */
export function loadCommitSettings(env: AppEnv, profile: PiProfile, tree: SessionTree, leafId: string | null): CommitSettings {
  const model = buildContextFromPath(getBranch(tree, leafId), profile).model;
  const { effective, problems } = loadUserSettings({ env: env.env, home: env.home, cwd: env.cwd, profile, model });
  return {
    compaction: {
      enabled: true,
      keepRecentTokens: effective.compaction.keepRecentTokens.value,
      reserveTokens: effective.compaction.reserveTokens.value,
    },
    branchBudget: ASSUMED_CONTEXT_WINDOW - effective.branchSummary.reserveTokens.value,
    skipPrompt: effective.branchSummary.skipPrompt.value,
    problems,
  };
}

/** pi's auto-compaction threshold at the session's leaf: window - compaction.reserveTokens (the window pi assumes without model data). */
export function autoCompactThreshold(env: AppEnv, tree: SessionTree): number {
  return ASSUMED_CONTEXT_WINDOW - loadCommitSettings(env, env.profile, tree, tree.leafId).compaction.reserveTokens;
}
