// The compaction preview's own state: the settings the user adjusted on top of pi's, the profile,
// which pane is shown, and how far the bands list and the summary are scrolled. Pure: tested without
// rendering. The plan itself is derived from this state (use-compaction-preview.ts), never stored.
import type { PiProfile } from "../../src/engine/index.js";
import { SETTING_MINIMUM } from "./setting-input.js";
import type { SettingName } from "./setting-name.js";

export type PreviewPane = "bands" | "summary" | "diff" | "branchDiff";

export interface PreviewState {
  profile: PiProfile;
  /** Values the user set with keys; absent = the value from pi's settings. */
  overrides: Partial<Record<SettingName, number>>;
  pane: PreviewPane;
  /** First visible line of the bands list; null = follow the cut (keep it in view). */
  bandsScroll: number | null;
  summaryScroll: number;
}

export type PreviewAction =
  /** Step a setting up or down from its value in force (the override, else `base`: pi's value); coarse = ten steps. */
  | { type: "adjust"; setting: SettingName; base: number; direction: 1 | -1; coarse?: boolean }
  /** A value typed as a number (the prompt checked it). */
  | { type: "setSetting"; setting: SettingName; value: number }
  | { type: "resetSettings" }
  | { type: "toggleProfile" }
  | { type: "showPane"; pane: PreviewPane }
  /** Scroll the bands list from `from` (the top line shown now) by `delta`, clamped to `max`. */
  | { type: "scrollBands"; from: number; delta: number; max: number }
  | { type: "followCut" }
  | { type: "scrollSummary"; delta: number; max: number };

export const initPreviewState = (profile: PiProfile): PreviewState => ({
  profile,
  overrides: {},
  pane: "bands",
  bandsScroll: null,
  summaryScroll: 0,
});

const MINIMUM = SETTING_MINIMUM;

/** A round step about a tenth of the value (20000 → 1000, 400 → 10), so the cut moves visibly at any scale. */
export function settingStep(value: number): number {
  const tenth = Math.max(10, Math.abs(value) / 10);
  return 10 ** Math.floor(Math.log10(tenth));
}

export function adjustedValue(current: number, direction: 1 | -1, coarse: boolean, setting: SettingName): number {
  const step = settingStep(current) * (coarse ? 10 : 1);
  // Snap to the step grid first, so 20500 goes to 21000 / 20000 rather than 21500 / 19500.
  const snapped = direction > 0 ? Math.floor(current / step) * step + step : Math.ceil(current / step) * step - step;
  return Math.max(MINIMUM[setting], snapped);
}

const clamp = (v: number, max: number): number => Math.max(0, Math.min(v, Math.max(0, max)));

export function previewReducer(s: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case "adjust": {
      const current = s.overrides[action.setting] ?? action.base;
      const value = adjustedValue(current, action.direction, action.coarse ?? false, action.setting);
      // Settings keys re-centre the list on the cut: that is what the user wants to watch move.
      return { ...s, overrides: { ...s.overrides, [action.setting]: value }, bandsScroll: null };
    }
    case "setSetting":
      return { ...s, overrides: { ...s.overrides, [action.setting]: Math.max(MINIMUM[action.setting], action.value) }, bandsScroll: null };
    case "resetSettings":
      return { ...s, overrides: {}, bandsScroll: null };
    case "toggleProfile":
      return { ...s, profile: s.profile === "1.6" ? "0.73" : "1.6", bandsScroll: null };
    case "showPane":
      return { ...s, pane: s.pane === action.pane && action.pane !== "bands" ? "bands" : action.pane };
    case "scrollBands":
      return { ...s, bandsScroll: clamp(action.from + action.delta, action.max) };
    case "followCut":
      return { ...s, bandsScroll: null };
    case "scrollSummary":
      return { ...s, summaryScroll: clamp(s.summaryScroll + action.delta, action.max) };
  }
}
