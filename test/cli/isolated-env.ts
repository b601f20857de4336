// A throwaway pi home for CLI tests: an empty agent dir and a project dir without settings, so the
// user's own ~/.pi settings and sessions can never change a test's answer.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface IsolatedPi {
  root: string;
  agentDir: string;
  project: string;
  env: Record<string, string | undefined>;
  cleanup(): void;
}

export function isolatedPi(): IsolatedPi {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-cli-"));
  const agentDir = join(root, "agent");
  const project = join(root, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  return {
    root,
    agentDir,
    project,
    env: { PI_CODING_AGENT_DIR: agentDir, PI_CODING_AGENT_SESSION_DIR: undefined, HOME: root },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** pi's per-project folder name (spec §1.1): one leading "/" dropped, "/", "\" and ":" as "-", wrapped in "--". */
export function encodedCwd(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}
