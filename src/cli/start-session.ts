// Which session the explorer opens when the user names none: the newest of this directory, else the
// newest of any project, else the bundled demo (so `npm start` always shows something).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { listSessions, type PiProfile } from "../engine/index.js";

// src/cli/ (tests, tsx) and dist/src/cli/ (the built bin) sit at different depths below the package root.
const DEMO_CANDIDATES = ["../../fixtures/demo/demo-session.jsonl", "../../../fixtures/demo/demo-session.jsonl"];

/** The bundled demo session (fixtures/demo/demo-session.jsonl), or undefined if the package lacks it. */
export function findDemoSession(): string | undefined {
  for (const candidate of DEMO_CANDIDATES) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

export interface StartSession {
  path: string;
  /** Where it came from, for a status line. */
  source: "argument" | "this directory" | "all projects" | "demo";
}

export function pickStartSession(opts: { file?: string; agentDir: string; cwd: string; profile: PiProfile }): StartSession | undefined {
  if (opts.file !== undefined) return { path: opts.file, source: "argument" };
  const here = listSessions({ agentDir: opts.agentDir, cwd: opts.cwd, profile: opts.profile });
  if (here.length > 0) return { path: here[0].path, source: "this directory" };
  const everywhere = listSessions({ agentDir: opts.agentDir, cwd: opts.cwd, all: true, profile: opts.profile });
  if (everywhere.length > 0) return { path: everywhere[0].path, source: "all projects" };
  const demo = findDemoSession();
  return demo ? { path: demo, source: "demo" } : undefined;
}
