// The user's pi settings as one call: both settings files read from disk, resolved the way pi resolves
// them for the profile (1.6's per-model overrides for `model`), with every problem as one line. The app
// and the CLI both start from here; each adds only its own overrides (keys, flags) on top.
import type { ModelRef } from "../context/build-context.js";
import type { ContextWindow } from "../settings/context-window.js";
import { resolveSettings, type EffectiveSettings } from "../settings/effective.js";
import { loadContextWindow } from "./model-data.js";
import { findPiPackage } from "./pi-package.js";
import type { PiProfile } from "../types.js";
import { resolveAgentDir } from "./sessions.js";
import { readSettingsFiles } from "./settings-files.js";

export interface UserSettingsInput {
  env: Record<string, string | undefined>;
  home: string;
  cwd: string;
  profile: PiProfile;
  /** The session's model at the leaf; picks 1.6's compaction.modelOverrides. */
  model?: ModelRef | null;
  /** pi's --session-dir flag. */
  cliSessionDir?: string;
}

export interface UserSettings {
  agentDir: string;
  effective: EffectiveSettings;
  files: { global: string; project: string };
  /** The context window of `model` from the user's pi model data (models.json, pi's catalog, pi's built-in list), else assumed. */
  contextWindow: ContextWindow;
  /** Settings pi would reject or ignore, one line each (file and line when known). */
  problems: string[];
}

export function loadUserSettings(input: UserSettingsInput): UserSettings {
  const agentDir = resolveAgentDir(input.env, input.home, input.profile);
  const files = readSettingsFiles({ agentDir, cwd: input.cwd, profile: input.profile });
  const effective = resolveSettings({
    global: files.global,
    project: files.project,
    profile: input.profile,
    env: input.env,
    home: input.home,
    cliSessionDir: input.cliSessionDir,
    model: input.model ? { provider: input.model.provider, id: input.model.modelId } : undefined,
  });
  return {
    agentDir,
    effective,
    files: { global: files.globalPath, project: files.projectPath },
    contextWindow: loadContextWindow({ agentDir, model: input.model ?? null, piPackage: input.model ? piOneXPackageDir(input.env) : undefined }),
    problems: [...files.diagnostics.map((d) => `${d.file}:${d.line}: ${d.problem}`), ...effective.problems],
  };
}

// pi-ai's built-in model list ships with pi 1.x only.
function piOneXPackageDir(env: Record<string, string | undefined>): string | undefined {
  const pkg = findPiPackage(env);
  return pkg?.json.name === "@earendil-works/pi-coding-agent" ? pkg.dir : undefined;
}
