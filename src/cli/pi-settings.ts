// The user's pi settings (global + project files, env), resolved by the engine, with where each
// value came from. CLI flags override them; the commands report those as source "flag".
import { readSettingsFiles, resolveAgentDir, resolveSettings, type EffectiveSettings, type ModelRef } from "../engine/index.js";
import type { CommandContext } from "./command.js";

export interface SettingValue {
  value: number;
  /** default | global | project | env | cli (pi's own flag) | flag (this command's option). */
  source: string;
}

export interface PiSettings {
  agentDir: string;
  effective: EffectiveSettings;
  files: { global: string; project: string };
  /** Settings pi would reject or ignore, one line each (file and line when known). */
  problems: string[];
}

export function loadPiSettings(ctx: CommandContext, options: { cliSessionDir?: string; model?: ModelRef | null } = {}): PiSettings {
  const agentDir = resolveAgentDir(ctx.env, ctx.home, ctx.profile);
  const files = readSettingsFiles({ agentDir, cwd: ctx.cwd, profile: ctx.profile });
  const effective = resolveSettings({
    global: files.global,
    project: files.project,
    profile: ctx.profile,
    env: ctx.env,
    home: ctx.home,
    cliSessionDir: options.cliSessionDir,
    model: options.model ? { provider: options.model.provider, id: options.model.modelId } : undefined,
  });
  return {
    agentDir,
    effective,
    files: { global: files.globalPath, project: files.projectPath },
    problems: [...files.diagnostics.map((d) => `${d.file}:${d.line}: ${d.problem}`), ...effective.problems],
  };
}

/** A flag when given, else the resolved setting with its source. */
export function withFlag(flag: number | undefined, setting: { value: number; source: string }): SettingValue {
  return flag !== undefined ? { value: flag, source: "flag" } : { value: setting.value, source: setting.source };
}
