// Reading pi's two settings files: <agentDir>/settings.json and <cwd>/.pi/settings.json.
// Missing file -> {}. A file pi cannot use -> {} plus a one-line diagnostic naming file and line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PiProfile } from "../types.js";
import type { SettingsObject } from "../settings/merge.js";
import { jsonErrorReason } from "../session/damage.js";
import { describeFsError } from "./read.js";

export interface SettingsFileProblem {
  file: string;
  line: number;
  problem: string;
}

export interface SettingsFiles {
  global: SettingsObject;
  project: SettingsObject;
  globalPath: string;
  projectPath: string;
  diagnostics: SettingsFileProblem[];
}

function settingsFilePaths(agentDir: string, cwd: string): { globalPath: string; projectPath: string } {
  return { globalPath: join(agentDir, "settings.json"), projectPath: join(cwd, ".pi", "settings.json") };
}

export function readSettingsFiles(opts: { agentDir: string; cwd: string; profile: PiProfile }): SettingsFiles {
  const { globalPath, projectPath } = settingsFilePaths(opts.agentDir, opts.cwd);
  const diagnostics: SettingsFileProblem[] = [];
  const global = readSettingsFile(globalPath, opts.profile, diagnostics);
  const project = readSettingsFile(projectPath, opts.profile, diagnostics);
  return { global, project, globalPath, projectPath, diagnostics };
}

/** One settings file as pi loads it; problems go to `diagnostics`, never thrown. */
function readSettingsFile(path: string, profile: PiProfile, diagnostics: SettingsFileProblem[]): SettingsObject {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return {};
    diagnostics.push({ file: path, line: 1, problem: `${describeFsError(path, error)}; defaults are used` });
    return {};
  }
  if (!text) return {};
  // 1.6 strips a BOM before parsing; 0.73 does not, so a BOM makes the file unusable there.
  const body = profile === "1.6" && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    diagnostics.push({ file: path, line: errorLine(body, error), problem: `not valid JSON (${jsonErrorReason(error)}); pi ignores this file and uses defaults` });
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    diagnostics.push({ file: path, line: 1, problem: "not a JSON object; pi ignores this file and uses defaults" });
    return {};
  }
  return value as SettingsObject;
}

function errorLine(text: string, error: unknown): number {
  const m = / at position (\d+)/.exec(error instanceof Error ? error.message : "");
  if (!m) return 1;
  const pos = Math.min(Number(m[1]), text.length);
  let line = 1;
  for (let i = 0; i < pos; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
