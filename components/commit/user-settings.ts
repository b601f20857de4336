// The user's pi settings that decide what a commit writes: compaction keepRecentTokens /
// reserveTokens (with 1.6's per-model overrides) and the branch-summary budget and skipPrompt.
import {
  buildContextFromPath,
  getBranch,
  readSettingsFiles,
  resolveAgentDir,
  resolveSettings,
  type CompactionSettings,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import type { AppEnv } from "../app/screens.js";

/** pi's context window for a model it knows nothing about (no model registry here). */
export const ASSUMED_CONTEXT_WINDOW = 128000;

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
  const agentDir = resolveAgentDir(env.env, env.home, profile);
  const files = readSettingsFiles({ agentDir, cwd: env.cwd, profile });
  const effective = resolveSettings({
    global: files.global,
    project: files.project,
    profile,
    env: env.env,
    home: env.home,
    model: model ? { provider: model.provider, id: model.modelId } : undefined,
  });
  return {
    compaction: {
      enabled: true,
      keepRecentTokens: effective.compaction.keepRecentTokens.value,
      reserveTokens: effective.compaction.reserveTokens.value,
    },
    branchBudget: ASSUMED_CONTEXT_WINDOW - effective.branchSummary.reserveTokens.value,
    skipPrompt: effective.branchSummary.skipPrompt.value,
    problems: [...files.diagnostics.map((d) => `${d.file}:${d.line}: ${d.problem}`), ...effective.problems],
  };
}
