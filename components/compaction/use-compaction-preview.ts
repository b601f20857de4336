// Derives everything the preview shows from the session, the entry to compact at and the reducer
// state. Previewers and settings are cached per profile, so switching back and forth and pressing
// settings keys only recompute what changed (the previewer memoizes cuts and summaries itself).
import { useEffect, useMemo, useState } from "react";
import {
  branchSwitchContexts,
  buildContextFromPath,
  createCompactionPreviewer,
  getBranch,
  type CompactionPreview,
  type CompactionPreviewer,
  type PiProfile,
  type SessionEntry,
  type SessionTree,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";
import { buildDiffModel, type DiffModel } from "../diff/diff-model.js";
import { bandLines, type BandList } from "./band-lines.js";
import type { PreviewState, SettingName } from "./preview-reducer.js";
import { loadPreviewSettings, plainSettings, settingsInForce, type LoadedPreviewSettings, type SettingsInForce } from "./preview-settings.js";

export interface PreviewData {
  path: SessionEntry[];
  /** The plan for the settings in force; `outcome` stays undefined while `outcomePending`. */
  preview: CompactionPreview;
  /** The cut moved to a place whose summary is not compiled yet: it is, right after this frame. */
  outcomePending: boolean;
  settings: SettingsInForce;
  /** pi's values for the profile, before key adjustments. */
  piValues: Record<SettingName, number>;
  problems: string[];
  bandList: BandList;
}

function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

export function useCompactionPreview(tree: SessionTree, targetId: string | null, env: AppEnv, state: PreviewState): PreviewData {
  const path = useMemo(() => getBranch(tree, targetId), [tree, targetId]);
  const previewers = useMemo(() => new Map<PiProfile, CompactionPreviewer>(), [path]);
  const settingsByProfile = useMemo(() => new Map<PiProfile, LoadedPreviewSettings>(), [path, env]);
  const { profile } = state;
  const cwd = typeof tree.loaded.header?.cwd === "string" ? tree.loaded.header.cwd : undefined;
  const previewer = cached(previewers, profile, () => createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile, cwd }));
  // 1.6 lets a model override the compaction settings: the model is the one in effect at the leaf.
  const loaded = cached(settingsByProfile, profile, () => loadPreviewSettings(env, profile, buildContextFromPath(path, "0.73").model));
  const settings = settingsInForce(loaded.values, state.overrides);
  const { keepRecentTokens, reserveTokens, contextWindow } = plainSettings(settings);
  const plan = useMemo(
    () => previewer.plan({ keepRecentTokens, reserveTokens, contextWindow }),
    [previewer, keepRecentTokens, reserveTokens, contextWindow],
  );
  // The moved cut is drawn first; the summary for it is compiled after the frame. A held key cancels
  // the pending compile, so only the cut the user stops at is compiled.
  const ready = previewer.cachedOutcome(plan);
  const [, setCompiled] = useState(0);
  useEffect(() => {
    if (ready !== null) return;
    const timer = setTimeout(() => {
      previewer.outcome(plan);
      setCompiled((n) => n + 1);
    }, 0);
    return () => clearTimeout(timer);
  }, [previewer, plan, ready]);
  const preview = useMemo<CompactionPreview>(() => ({ ...plan, outcome: ready ?? undefined }), [plan, ready]);
  const bandList = useMemo(() => {
    const cut = preview.firstKeptEntryId ? { firstKeptId: preview.firstKeptEntryId, turnStartId: preview.turnStartEntryId } : undefined;
    return bandLines(path, preview.bands, previewer.entryTokens(), cut);
  }, [path, preview, previewer]);
  const piValues = plainSettings(loaded.values);
  return { path, preview, outcomePending: ready === null, settings, piValues, problems: loaded.problems, bandList };
}

/** The compaction's before/after diff (undefined when pi would not compact). */
export function useCompactionDiff(preview: CompactionPreview, wanted: boolean): DiffModel | undefined {
  return useMemo(() => {
    if (!wanted || !preview.outcome) return undefined;
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
  }, [preview, wanted]);
}

/** The diff of a /tree navigation from the session's leaf to `targetId` (undefined: same leaf). */
export function useBranchDiff(tree: SessionTree, targetId: string | null, profile: PiProfile, wanted: boolean): DiffModel | undefined {
  return useMemo(() => {
    if (!wanted || targetId === null || targetId === tree.leafId) return undefined;
    const sw = branchSwitchContexts(tree, targetId, profile);
    if (!sw) return undefined;
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
  }, [tree, targetId, profile, wanted]);
}
