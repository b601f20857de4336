// The user's pi settings for a command (the engine's loadUserSettings, fed from the command's env,
// home, cwd and profile). CLI flags override them; the commands report those as source "flag".
import { loadUserSettings, sanitizeLine, type ModelRef, type UserSettings } from "../engine/index.js";
import type { CommandContext } from "./command.js";
import type { Output } from "./output.js";

export interface SettingValue {
  value: number;
  /** default | global | project | env | cli (pi's own flag) | flag (this command's option). */
  source: string;
}

export function loadPiSettings(ctx: CommandContext, options: { cliSessionDir?: string; model?: ModelRef | null } = {}): UserSettings {
  return loadUserSettings({ env: ctx.env, home: ctx.home, cwd: ctx.cwd, profile: ctx.profile, ...options });
}

/** A flag when given, else the resolved setting with its source. */
export function withFlag(flag: number | undefined, setting: SettingValue): SettingValue {
  return flag !== undefined ? { value: flag, source: "flag" } : { value: setting.value, source: setting.source };
}

/** Settings pi would reject, one stderr line each. */
export function reportSettingsProblems(out: Output, problems: readonly string[]): void {
  for (const problem of problems) out.warn(`pi-explorer: ${sanitizeLine(problem)}`);
}
