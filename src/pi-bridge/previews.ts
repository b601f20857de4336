// The preview a pi summary is checked against, made for the model pi reports (its compaction settings
// may differ per model in 1.6; a branch budget is its window minus branchSummary.reserveTokens). One
// place for the CLI and the app.
import { analyzeCompaction, ASSUMED_CONTEXT_WINDOW, planBranch, type ModelRef, type PiProfile, type SessionEntry } from "../engine/index.js";
import { describeBranch, describeCompaction, type PreparationDescription } from "./preparation.js";
import type { PiReady } from "./run-pi-summary.js";

type Preview = (ready: PiReady) => PreparationDescription | { refuse: string };

const modelRef = (ready: PiReady): ModelRef | null => (ready.model ? { provider: ready.model.provider, modelId: ready.model.id } : null);

export function compactionPreview(input: {
  path: readonly SessionEntry[];
  profile: PiProfile;
  /** keepRecentTokens and reserveTokens in force for `model` (flags applied). */
  settingsFor: (model: ModelRef | null) => { keepRecentTokens: number; reserveTokens: number };
}): Preview {
  return (ready) => {
    const settings = input.settingsFor(modelRef(ready));
    const analysis = analyzeCompaction([...input.path], { enabled: true, ...settings }, input.profile);
    if (!analysis.preparation) return { refuse: `the preview finds nothing to compact here (${analysis.reason ?? "?"}), but pi does; no model was called` };
    return describeCompaction(analysis.preparation);
  };
}

export function branchPreview(input: {
  byId: ReadonlyMap<string, SessionEntry>;
  oldLeafId: string | null;
  targetId: string;
  profile: PiProfile;
  /** branchSummary.reserveTokens */
  reserveTokens: number;
  /** --budget: the summarizer budget as given, whatever pi's window. */
  budget?: number;
}): Preview {
  return (ready) => {
    const budget = input.budget ?? (ready.model?.contextWindow || ASSUMED_CONTEXT_WINDOW) - input.reserveTokens;
    const plan = planBranch({ byId: input.byId, oldLeafId: input.oldLeafId, targetId: input.targetId, budget, profile: input.profile });
    if (plan.kind !== "plan") return { refuse: "the preview has no branch plan for this move" };
    return describeBranch(plan, budget);
  };
}
