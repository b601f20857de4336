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

/** A fresh home with ~/.pi/agent/settings.json holding `settings` (global), cwd inside it. */
export function piHome(settings: Record<string, unknown> | undefined, profile: AppEnv["profile"] = "1.6"): PiHome {
  const home = mkdtempSync(join(tmpdir(), "pi-explorer-h1-"));
  const agentDir = join(home, ".pi", "agent");
  mkdirSync(agentDir, { recursive: true });
  if (settings) writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
  const cwd = join(home, "project");
  mkdirSync(cwd);
  return { env: { cwd, home, env: {}, profile }, remove: () => rmSync(home, { recursive: true, force: true }) };
}
