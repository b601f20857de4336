// Derives everything the preview shows from the session, the entry to compact at and the reducer
// state. The plan, the compiled summary and the diffs are computed after the frame (kit/use-background.ts):
// the screen draws at once, keys (Esc) get through, a new key cancels the old work, and results are
// kept with the session tree per (entry, profile, settings), so reopening the preview or going back
// to earlier settings recomputes nothing (the previewer memoizes cuts and summaries too).
import { useMemo, useState } from "react";
import {
  branchSwitchContexts,
  createCompactionPreviewer,
  getBranch,
  type CompactionPreview,
  type CompactionPreviewer,
  type CompactionPreviewPlan,
  type PreviewOutcome,
  type PiProfile,
  type SessionEntry,
  type SessionTree,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";
import { useBackground } from "../kit/use-background.js";
import { buildDiffModel, type DiffModel } from "../diff/diff-model.js";
import { bandLines, type BandList } from "./band-lines.js";
import type { PreviewState } from "./preview-reducer.js";
import type { SettingName } from "./setting-name.js";
import { plainSettings, settingsInForce, type SettingsInForce } from "./preview-settings.js";
import { usePreviewSettings } from "./use-preview-settings.js";

export interface PreviewData {
  path: SessionEntry[];
  /**
   * The plan for the settings in force; while it is computed (after the first frame), the plan for
   * the settings shown before, or undefined on the first visit. `outcome` stays undefined while `outcomePending`.
   */
  preview: CompactionPreview | undefined;
  /** The plan shown is not yet the one for the settings in force. */
  planPending: boolean;
  /** The cut moved to a place whose summary is not compiled yet: it is, after this frame. */
  outcomePending: boolean;
  /** The settings in force; undefined until pi's settings files are read (an effect after the first commit). */
  settings: SettingsInForce | undefined;
  /** pi's values for the profile, before key adjustments (undefined while the settings are read). */
  piValues: Record<SettingName, number> | undefined;
  problems: string[];
  bandList: BandList;
}

const NO_BANDS: BandList = { lines: [], cutLine: -1 };

/** The previewer for (tree, target, profile), kept with the tree: reopening the preview reuses its cuts and summaries. */
function previewerFor(tree: SessionTree, targetId: string | null, profile: PiProfile, path: readonly SessionEntry[]): CompactionPreviewer {
  const key = `previewer\u0000${targetId}\u0000${profile}`;
  const kept = keptPreviewers.get(tree)?.get(key);
  if (kept) return kept;
  const cwd = typeof tree.loaded.header?.cwd === "string" ? tree.loaded.header.cwd : undefined;
  const previewer = createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile, cwd });
  let map = keptPreviewers.get(tree);
  if (map === undefined) keptPreviewers.set(tree, (map = new Map()));
  if (map.size >= 8) map.delete(map.keys().next().value as string);
  map.set(key, previewer);
  return previewer;
}
const keptPreviewers = new WeakMap<SessionTree, Map<string, CompactionPreviewer>>();

interface PlanResult {
  plan: CompactionPreviewPlan;
  bandList: BandList;
}

export function useCompactionPreview(tree: SessionTree, targetId: string | null, env: AppEnv, state: PreviewState): PreviewData {
  const path = useMemo(() => getBranch(tree, targetId), [tree, targetId]);
  const { profile } = state;
  const loaded = usePreviewSettings(env, path, profile);
  const settings = loaded ? settingsInForce(loaded.values, state.overrides) : undefined;
  const plain = settings ? plainSettings(settings) : undefined;
  // Computed after the frame, cancelled by the next key; kept per (target, profile, settings).
  const planKey = plain ? `plan\u0000${targetId}\u0000${profile}\u0000${plain.keepRecentTokens}\u0000${plain.reserveTokens}\u0000${plain.contextWindow}` : null;
  const planned = useBackground<PlanResult | undefined>(tree, planKey, function* () {
    yield;
    if (plain === undefined) return undefined;
    const previewer = previewerFor(tree, targetId, profile, path);
    yield;
    const plan = previewer.plan(plain);
    yield;
    const cut = plan.firstKeptEntryId ? { firstKeptId: plan.firstKeptEntryId, turnStartId: plan.turnStartEntryId } : undefined;
    return { plan, bandList: bandLines(path, plan.bands, previewer.entryTokens(), cut) };
  });
  // While a new plan is computed, the last one stays on screen (marked as pending).
  // (State adjusted while rendering, React's pattern for "remember the last value", not an effect.)
  const [lastShown, setLastShown] = useState<PlanResult | undefined>(undefined);
  if (planned.value !== undefined && planned.value !== lastShown) setLastShown(planned.value);
  const shown = planned.value ?? (lastShown?.plan.profile === profile ? lastShown : undefined);
  const plan = shown?.plan;
  // The summary and context after for the cut shown: compiled after the frame, once per cut.
  const outcomeKey = plan && plan.cutKey !== "" ? `outcome\u0000${targetId}\u0000${profile}\u0000${plan.cutKey}` : null;
  const outcome = useBackground<PreviewOutcome | undefined>(tree, outcomeKey, function* () {
    yield;
    const previewer = previewerFor(tree, targetId, profile, path);
    return plan ? previewer.outcome(plan) : undefined;
  });
  const preview = useMemo<CompactionPreview | undefined>(() => (plan ? { ...plan, outcome: outcome.value } : undefined), [plan, outcome.value]);
  const piValues = loaded ? plainSettings(loaded.values) : undefined;
  return {
    path,
    preview,
    planPending: planned.pending || loaded === undefined,
    outcomePending: plan === undefined || outcome.pending,
    settings,
    piValues,
    problems: loaded?.problems ?? [],
    bandList: shown?.bandList ?? NO_BANDS,
  };
}

/** The compaction's before/after diff, computed after the frame (undefined while it is, or when pi would not compact). */
export function useCompactionDiff(tree: SessionTree, preview: CompactionPreview | undefined, wanted: boolean): { model: DiffModel | undefined; pending: boolean } {
  const key = wanted && preview?.outcome ? `compactionDiff\u0000${preview.profile}\u0000${preview.cutKey}\u0000${preview.before.length}\u0000${preview.tokensBefore}` : null;
  const diff = useBackground<DiffModel | undefined>(tree, key, function* () {
    yield;
    if (!preview?.outcome) return undefined;
    return {
      ...buildDiffModel(
        { title: "Context now → after this compaction", beforeLabel: "NOW (what the model sees)", afterLabel: "AFTER COMPACTION" },
        preview.before,
        preview.outcome.after,
        preview.profile,
      ),
      // The preview's own tokens line: pi's tokensBefore and the estimate after.
      counted: { before: preview.tokensBefore, after: preview.outcome.tokensAfter },
    };
  });
  return { model: diff.value, pending: diff.pending };
}

/** The diff of a /tree navigation from the session's leaf to `targetId`, computed after the frame (undefined: same leaf). */
export function useBranchDiff(tree: SessionTree, targetId: string | null, profile: PiProfile, wanted: boolean): { model: DiffModel | undefined; pending: boolean } {
  const key = wanted && targetId !== null && targetId !== tree.leafId ? `branchDiff\u0000${targetId}\u0000${profile}` : null;
  const diff = useBackground<DiffModel | undefined>(tree, key, function* () {
    yield;
    if (targetId === null) return undefined;
    const sw = branchSwitchContexts(tree, targetId, profile);
    if (!sw) return undefined;
    yield;
    const note =
      sw.newLeafId === targetId
        ? `pi moves the leaf from ${sw.oldLeafId ?? "(none)"} to ${targetId}; no branch summary attached`
        : `${targetId} is a message pi puts back into the editor, so the leaf moves to its parent ${sw.newLeafId ?? "(root)"}; no branch summary attached`;
    return buildDiffModel(
      { title: "Context at the leaf → after moving to the selected entry", beforeLabel: `AT LEAF ${sw.oldLeafId ?? ""}`, afterLabel: `AT ${sw.newLeafId ?? "(empty)"}`, note },
      sw.before,
      sw.after,
      profile,
    );
  });
  return { model: diff.value, pending: diff.pending };
}
