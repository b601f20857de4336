// What the app is given about where it runs (AppEnv), built once by the launcher. The sessions
// folder is resolved the way `pi-explorer list` and pi itself resolve it ($PI_CODING_AGENT_SESSION_DIR,
// then the project's and the global settings.json "sessionDir"), so the picker offers the sessions
// pi's /resume would. Settings pi would reject become problem lines, never an exception.
import { loadUserSettings, type PiProfile } from "../engine/index.js";
import type { AppEnv } from "../../components/app/screens.js";
import { agentDirProblem } from "./session-dir-option.js";

export interface AppEnvInput {
  env: Record<string, string | undefined>;
  home: string;
  cwd: string;
  profile: PiProfile;
  /** The system's temp folder (os.tmpdir()). */
  tempDir?: string;
}

export function buildAppEnv(input: AppEnvInput): { appEnv: AppEnv; problems: string[] } {
  const { env, home, cwd, profile, tempDir } = input;
  const appEnv: AppEnv = { cwd, home, env, profile, ...(tempDir === undefined ? {} : { tempDir }) };
  const badAgentDir = agentDirProblem(env, home, profile);
  if (badAgentDir !== undefined) return { appEnv, problems: [badAgentDir] };
  let settings;
  try {
    settings = loadUserSettings({ env, home, cwd, profile });
  } catch (error) {
    // Settings are read to pick a folder; failing to read them must not keep the app from starting.
    return { appEnv, problems: [`cannot read pi's settings (${error instanceof Error ? error.message : String(error)}); the default sessions folder is used`] };
  }
  const sessionDir = settings.effective.sessionDir.value;
  if (sessionDir !== undefined) appEnv.sessionDir = sessionDir;
  return { appEnv, problems: settings.problems };
}
