// Shared by the compaction preview and diff tests: the fixture session (fixtures/app-compaction) and
// a temporary pi home whose settings.json the preview reads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildTree, parseSession, type SessionTree } from "../../src/engine/index.js";
import type { AppEnv } from "../../components/app/screens.js";
import { FIXTURES } from "../support/shared.js";

export const TURNS = join(FIXTURES, "app-compaction", "turns.jsonl");
export const loadTurns = (): SessionTree => buildTree(parseSession(readFileSync(TURNS, "utf8"), "1.6"));

export interface PiHome {
  env: AppEnv;
  remove(): void;
}

/** A fresh home with ~/.pi/agent/settings.json holding `settings` (global; a string is written as is), cwd inside it. */
export function piHome(settings: Record<string, unknown> | string | undefined, profile: AppEnv["profile"] = "1.6", project?: Record<string, unknown>): PiHome {
  const home = mkdtempSync(join(tmpdir(), "pi-explorer-h1-"));
  const agentDir = join(home, ".pi", "agent");
  mkdirSync(agentDir, { recursive: true });
  if (settings !== undefined) writeFileSync(join(agentDir, "settings.json"), typeof settings === "string" ? settings : JSON.stringify(settings));
  const cwd = join(home, "project");
  mkdirSync(cwd);
  if (project) {
    mkdirSync(join(cwd, ".pi"));
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify(project));
  }
  return { env: { cwd, home, env: {}, profile }, remove: () => rmSync(home, { recursive: true, force: true }) };
}
