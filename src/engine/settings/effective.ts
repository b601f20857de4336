// The settings pi-explorer needs (compaction, branch summary, session dir), each with where its
// value came from, so the compaction preview can say "keepRecentTokens 8000 (project)".
import type { PiProfile } from "../types.js";
import { mergeSettings, valueAt, type SettingsObject } from "./merge.js";
import { expandCliSessionDir, expandEnvPath, expandSettingsSessionDir } from "./pi-paths.js";

export type SettingSource = "default" | "global" | "project" | "env" | "cli";

export interface Sourced<T> {
  value: T;
  source: SettingSource;
  /** Key path for messages, e.g. "compaction.keepRecentTokens". */
  key: string;
}

export interface EffectiveSettings {
  compaction: { enabled: Sourced<boolean>; reserveTokens: Sourced<number>; keepRecentTokens: Sourced<number> };
  branchSummary: { reserveTokens: Sourced<number>; skipPrompt: Sourced<boolean> };
  /** Where sessions are stored when not the per-cwd default; undefined value = pi's default folder. */
  sessionDir: Sourced<string | undefined>;
  /** Values pi would reject (1.6 throws on them when compacting); the default is shown instead. */
  problems: string[];
  /** The merged settings object (pi's getSettings()). */
  merged: SettingsObject;
}

export const SETTINGS_DEFAULTS = {
  compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 },
  branchSummary: { reserveTokens: 16384, skipPrompt: false },
} as const;

export interface ResolveSettingsInput {
  global: SettingsObject;
  project: SettingsObject;
  profile: PiProfile;
  /** Environment (PI_CODING_AGENT_SESSION_DIR is read from it). */
  env?: Record<string, string | undefined>;
  /** Home directory for "~" expansion (pi's os.homedir()). */
  home?: string;
  /** pi's --session-dir flag. */
  cliSessionDir?: string;
  /** 1.6 per-model overrides: compaction.modelOverrides["<provider>/<id>"]. */
  model?: { provider: string; id: string };
}

export function resolveSettings(input: ResolveSettingsInput): EffectiveSettings {
  const { global, project, profile } = input;
  const merged = mergeSettings(global, project, profile);
  const problems: string[] = [];
  const pick = <T>(path: string[], fallback: T): Sourced<T> => {
    const key = path.join(".");
    const value = valueAt(merged, path);
    if (value === undefined) return { value: fallback, source: "default", key };
    return { value: value as T, source: valueAt(project, path) !== undefined ? "project" : "global", key };
  };
  const tokens = (field: "reserveTokens" | "keepRecentTokens"): Sourced<number> => {
    const fallback = SETTINGS_DEFAULTS.compaction[field];
    const ordinary = checkTokens(pick(["compaction", field], fallback), fallback, profile, problems);
    if (profile !== "1.6" || !input.model) return ordinary;
    const modelKey = `${input.model.provider}/${input.model.id}`;
    const entry = valueAt(merged, ["compaction", "modelOverrides", modelKey]);
    if (entry === undefined) return ordinary;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      problems.push(`Invalid compaction.modelOverrides["${modelKey}"] setting: ${String(entry)}. Expected an object.`);
      return ordinary;
    }
    const override = pick(["compaction", "modelOverrides", modelKey, field], undefined as number | undefined);
    if (override.value === undefined) return ordinary;
    const checked = checkTokens(override as Sourced<number>, fallback, profile, problems);
    return checked.source === "default" ? ordinary : checked;
  };
  return {
    compaction: {
      enabled: pick(["compaction", "enabled"], SETTINGS_DEFAULTS.compaction.enabled),
      reserveTokens: tokens("reserveTokens"),
      keepRecentTokens: tokens("keepRecentTokens"),
    },
    branchSummary: {
      reserveTokens: pick(["branchSummary", "reserveTokens"], SETTINGS_DEFAULTS.branchSummary.reserveTokens),
      skipPrompt: pick(["branchSummary", "skipPrompt"], SETTINGS_DEFAULTS.branchSummary.skipPrompt),
    },
    sessionDir: sessionDirOf(input, merged, problems),
    problems,
    merged,
  };
}

/** 1.6 accepts only non-negative safe integers (and throws otherwise); 0.73 takes any value. */
function checkTokens(s: Sourced<number>, fallback: number, profile: PiProfile, problems: string[]): Sourced<number> {
  if (s.source === "default" || profile !== "1.6") return s;
  const v = s.value as unknown;
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return s;
  problems.push(`Invalid ${s.key} setting: ${String(v)}. Expected a non-negative safe integer. (from ${s.source} settings; pi 1.6 fails to compact with it)`);
  return { value: fallback, source: "default", key: s.key };
}

/**
 * Precedence as pi's main: --session-dir, then $PI_CODING_AGENT_SESSION_DIR, then settings.sessionDir,
 * each "~"-expanded the way pi expands it there (settings/pi-paths.ts). Values pi would crash on are
 * reported in `problems` and the default folder is used instead.
 */
function sessionDirOf(input: ResolveSettingsInput, merged: SettingsObject, problems: string[]): Sourced<string | undefined> {
  const { profile, home } = input;
  const key = "sessionDir";
  const fallback: Sourced<string | undefined> = { value: undefined, source: "default", key };
  const expanded = (source: SettingSource, raw: string, expand: typeof expandEnvPath): Sourced<string | undefined> => {
    try {
      return { value: expand(raw, profile, home), source, key };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push(`Invalid sessionDir (from ${source}): "${raw}" is a file URL pi cannot convert (${reason}); pi fails to start with it.`);
      return fallback;
    }
  };
  if (input.cliSessionDir) return expanded("cli", input.cliSessionDir, expandCliSessionDir);
  const fromEnv = input.env?.PI_CODING_AGENT_SESSION_DIR;
  if (fromEnv) return expanded("env", fromEnv, expandEnvPath);
  const fromSettings: unknown = merged.sessionDir;
  if (fromSettings === undefined || fromSettings === null) return fallback;
  const source = input.project.sessionDir !== undefined ? "project" : "global";
  if (typeof fromSettings === "string" && fromSettings !== "") return expanded(source, fromSettings, expandSettingsSessionDir);
  if (fromSettings) {
    problems.push(`Invalid sessionDir setting: ${JSON.stringify(fromSettings)}. Expected a string. (from ${source} settings; pi fails to start with it)`);
    return fallback;
  }
  // "", false, 0: 1.6 falls back to its default folder; 0.73 passes the value on and lists nothing.
  const what = typeof fromSettings === "string" ? "The sessionDir setting is empty" : `Invalid sessionDir setting: ${String(fromSettings)}. Expected a string.`;
  const effect = profile === "1.6" ? "pi 1.6 uses its default folder" : "pi 0.73 then lists no sessions of this project";
  if (typeof fromSettings !== "string" || profile === "0.73") problems.push(`${what} (from ${source} settings; ${effect})`);
  if (profile === "1.6") return fallback;
  return { value: "", source, key };
}
