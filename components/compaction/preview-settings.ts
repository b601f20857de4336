// The settings a compaction preview starts from: the user's pi settings files (global and project),
// resolved the way pi resolves them for the profile, each with where it came from. pi has no setting
// for the context window: it comes from the model, looked up in the user's pi model data.
import {
  loadUserSettings,
  type ModelRef,
  type PiProfile,
  type PreviewSettings,
} from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";
import type { SettingName } from "./setting-name.js";

export interface SourcedValue {
  value: number;
  /** default | global | project | assumed | adjusted (changed with a key here). */
  source: string;
}

export type SettingsInForce = Record<SettingName, SourcedValue>;

export interface LoadedPreviewSettings {
  values: SettingsInForce;
  /** Settings files pi would reject or ignore, one line each. */
  problems: string[];
}

export function loadPreviewSettings(env: AppEnv, profile: PiProfile, model: ModelRef | null): LoadedPreviewSettings {
  const { effective, problems, contextWindow } = loadUserSettings({ env: env.env, home: env.home, cwd: env.cwd, profile, model });
  const { keepRecentTokens, reserveTokens } = effective.compaction;
  return {
    values: {
      keepRecentTokens: { value: keepRecentTokens.value, source: keepRecentTokens.source },
      reserveTokens: { value: reserveTokens.value, source: reserveTokens.source },
      // The model's window as the user's pi knows it (models.json, pi's catalog, pi's built-in list), else assumed.
      contextWindow: { value: contextWindow.value, source: contextWindow.source },
    },
    problems,
  };
}

/** pi's values with the user's key adjustments on top. */
export function settingsInForce(loaded: SettingsInForce, overrides: Partial<Record<SettingName, number>>): SettingsInForce {
  const pick = (name: SettingName): SourcedValue => {
    const v = overrides[name];
    return v === undefined ? loaded[name] : { value: v, source: "adjusted" };
  };
  return { keepRecentTokens: pick("keepRecentTokens"), reserveTokens: pick("reserveTokens"), contextWindow: pick("contextWindow") };
}

export const plainSettings = (s: SettingsInForce): PreviewSettings => ({
  keepRecentTokens: s.keepRecentTokens.value,
  reserveTokens: s.reserveTokens.value,
  contextWindow: s.contextWindow.value,
});
