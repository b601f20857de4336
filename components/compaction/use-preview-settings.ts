// The user's pi settings for the preview, read in a layout effect (never while rendering): once per
// (path, env, profile), so keys that re-render the preview read no file, and switching the profile
// back reads nothing again. Until the read of the profile shown is done the preview shows no plan.
import { useLayoutEffect, useMemo, useSyncExternalStore } from "react";
import { buildContextFromPath, type PiProfile, type SessionEntry } from "../../src/engine/index.js";
import type { AppEnv } from "../kit/screen-contract.js";
import { loadPreviewSettings, type LoadedPreviewSettings } from "./preview-settings.js";

/** The settings read for one (env, path), per profile; tells its subscriber when a read is done. */
class SettingsReads {
  private readonly byProfile = new Map<PiProfile, LoadedPreviewSettings>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly env: AppEnv,
    private readonly path: readonly SessionEntry[],
  ) {}

  get(profile: PiProfile): LoadedPreviewSettings | undefined {
    return this.byProfile.get(profile);
  }

  /** Read the profile's settings files unless they were read; only from an effect or a handler. */
  read(profile: PiProfile): void {
    if (this.byProfile.has(profile)) return;
    // 1.6 lets a model override the compaction settings: the model is the one in effect at the leaf.
    this.byProfile.set(profile, loadPreviewSettings(this.env, profile, lastModel(this.path)));
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The settings in pi's files for the profile at the end of `path`; undefined until they are read (the first commit). */
export function usePreviewSettings(env: AppEnv, path: readonly SessionEntry[], profile: PiProfile): LoadedPreviewSettings | undefined {
  const reads = useMemo(() => new SettingsReads(env, path), [env, path]);
  const loaded = useSyncExternalStore(reads.subscribe, () => reads.get(profile));
  useLayoutEffect(() => reads.read(profile), [reads, profile]);
  return loaded;
}

/** The model in effect at the end of the path (pi 1.6's compaction settings may depend on it). */
const lastModel = (path: readonly SessionEntry[]) => buildContextFromPath(path, "0.73").model;
