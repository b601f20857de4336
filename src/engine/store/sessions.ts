import { readdirSync, statSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { damagedLineCount, type PiProfile } from "../types.js";
import { entryIndexOf, loadFromScan } from "../session/load.js";
import { scanSessionText } from "../session/scan.js";
import { sessionInfoFromValues } from "../session/info.js";
import { branchPointCount } from "../session/structure.js";
import { forEachReadlineLine, hasLoneCarriageReturn, isBlankLine } from "../session/lines.js";
import { readFileBytes } from "./read.js";

// ---- pi's path rules that decide where sessions live (spec §1.1, 1x §1). Pure string work:
// home and the base directory for relative paths are passed in, never read from the process.
export interface PathContext {
  /** The user's home directory (for "~"). */
  home?: string;
  /** Directory relative paths are resolved against (pi uses process.cwd()); default "/". */
  baseDir?: string;
}

/** pi's tilde expansion: 1.6 normalizePath ("~", "~/x", file:// URLs); 0.73 expandTildePath. */
export function expandPiPath(path: string, profile: PiProfile, home?: string): string {
  if (home !== undefined) {
    if (path === "~") return home;
    if (path.startsWith("~/")) return profile === "1.6" ? join(home, path.slice(2)) : home + path.slice(1);
  }
  if (profile === "1.6" && /^file:\/\//.test(path)) return fileURLToPath(path);
  return path;
}

/** pi 1.6's resolvePath: expand, then resolve against the base directory and normalize. */
export function resolvePiPath(path: string, ctx: PathContext = {}): string {
  const normalized = expandPiPath(path, "1.6", ctx.home);
  return isAbsolute(normalized) ? resolve(normalized) : resolve(ctx.baseDir ?? "/", normalized);
}

/** The session folder name of a cwd: 1.6 resolves the path first, 0.73 uses the raw string. */
export function encodeCwd(cwd: string, profile: PiProfile, ctx: PathContext = {}): string {
  const source = profile === "1.6" ? resolvePiPath(cwd, ctx) : cwd;
  return `--${source.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

/** <agentDir>/sessions/<encoded cwd> (pi creates it; pi-explorer only computes it). */
export function defaultSessionDir(cwd: string, agentDir: string, profile: PiProfile, ctx: PathContext = {}): string {
  const root = profile === "1.6" ? resolvePiPath(agentDir, ctx) : agentDir;
  return join(root, "sessions", encodeCwd(cwd, profile, ctx));
}

// ---- listing

/** pi's SessionInfo (spec §6.1) plus what pi-explorer's picker shows. */
export interface SessionInfo {
  path: string;
  id: string;
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  modified: Date;
  messageCount: number;
  firstMessage: string;
  allMessagesText: string;
  /** pi-explorer extras. */
  sizeBytes: number;
  branchCount: number;
  compactionCount: number;
  damagedLines: number;
}

export interface ListSessionsOptions {
  /** pi's agent dir (see resolveAgentDir). */
  agentDir: string;
  /** The working directory whose sessions to list. */
  cwd: string;
  /** An explicit sessions directory (pi's --session-dir / env / settings.sessionDir). */
  sessionDir?: string;
  /** Every project (pi's listAll). */
  all?: boolean;
  profile: PiProfile;
  /** Home directory for "~" in paths (pi uses os.homedir()). */
  home?: string;
  /** Base for relative paths (pi uses process.cwd()); default "/". */
  baseDir?: string;
}

/** pi's agent dir: $PI_CODING_AGENT_DIR (~ expanded) or ~/.pi/agent. env and home are passed in. */
export function resolveAgentDir(env: Record<string, string | undefined>, home: string, profile: PiProfile = "1.6"): string {
  const fromEnv = env.PI_CODING_AGENT_DIR;
  if (fromEnv) return expandPiPath(fromEnv, profile, home);
  return join(home, ".pi", "agent");
}

/** pi's SessionManager.list / listAll, newest (modified) first. Unreadable files are skipped. */
export function listSessions(opts: ListSessionsOptions): SessionInfo[] {
  const { profile } = opts;
  const ctx = { home: opts.home, baseDir: opts.baseDir };
  const explicitDir = opts.sessionDir ? (profile === "1.6" ? expandPiPath(opts.sessionDir, profile, opts.home) : opts.sessionDir) : undefined;
  if (opts.all) {
    if (profile === "1.6" && explicitDir) return sortByModified(listDir(explicitDir, profile));
    return sortByModified(listAllProjects(join(profile === "1.6" ? resolvePiPath(opts.agentDir, ctx) : opts.agentDir, "sessions"), profile));
  }
  const defaultDir = defaultSessionDir(opts.cwd, opts.agentDir, profile, ctx);
  const dir = explicitDir ?? defaultDir;
  let sessions = listDir(dir, profile);
  // 1.6: a shared custom folder holds many projects; only the ones whose header cwd is this cwd count.
  if (profile === "1.6" && explicitDir !== undefined && resolvePiPath(explicitDir, ctx) !== defaultDir) {
    const wanted = resolvePiPath(opts.cwd, ctx);
    sessions = sessions.filter((s) => s.cwd !== "" && resolvePiPath(s.cwd, ctx) === wanted);
  }
  return sortByModified(sessions);
}

function sortByModified(sessions: SessionInfo[]): SessionInfo[] {
  return sessions.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

function jsonlNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  } catch {
    return [];
  }
}

function listDir(dir: string, profile: PiProfile): SessionInfo[] {
  const names = jsonlNames(dir);
  // 1.6 loads name-descending before its (stable) sort by modified; 0.73 keeps directory order.
  if (profile === "1.6") names.sort((a, b) => b.localeCompare(a));
  const out: SessionInfo[] = [];
  for (const name of names) {
    const info = readSessionInfo(join(dir, name), profile);
    if (info) out.push(info);
  }
  return out;
}

function listAllProjects(sessionsRoot: string, profile: PiProfile): SessionInfo[] {
  let dirents;
  try {
    dirents = readdirSync(sessionsRoot, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: { path: string; mtimeMs: number }[] = [];
  for (const d of dirents) {
    if (!(d.isDirectory() || (profile === "1.6" && d.isSymbolicLink()))) continue;
    const dir = join(sessionsRoot, d.name);
    for (const name of jsonlNames(dir)) files.push({ path: join(dir, name), mtimeMs: mtimeOf(join(dir, name)) });
  }
  if (profile === "1.6") {
    files.sort((a, b) => b.mtimeMs - a.mtimeMs || basename(b.path).localeCompare(basename(a.path)));
  }
  const out: SessionInfo[] = [];
  for (const f of files) {
    const info = readSessionInfo(f.path, profile);
    if (info) out.push(info);
  }
  return out;
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** One file's SessionInfo, or null when pi's listing would skip it (unreadable, no header, ...). */
export function readSessionInfo(path: string, profile: PiProfile): SessionInfo | null {
  let file;
  try {
    file = readFileBytes(path);
  } catch {
    return null;
  }
  const scan = scanSessionText(file.bytes, profile);
  // pi 1.6 lists through readline, which also ends lines at a lone "\r"; only then do values differ.
  const values = profile === "1.6" && hasLoneCarriageReturn(scan.text) ? readlineValues(scan.text) : scan.values;
  const fields = sessionInfoFromValues(values, profile);
  if (!fields) return null;
  const loaded = loadFromScan(scan, profile, { path });
  let compactionCount = 0;
  for (const e of loaded.entries) if (e.type === "compaction") compactionCount++;
  const mtime = new Date(file.mtimeMs);
  return {
    path,
    id: fields.id,
    cwd: fields.cwd,
    name: fields.name,
    parentSessionPath: fields.parentSessionPath,
    created: fields.created,
    modified: fields.modified ?? mtime,
    messageCount: fields.messageCount,
    firstMessage: fields.firstMessage,
    allMessagesText: fields.allMessagesText,
    sizeBytes: file.size,
    branchCount: branchPointCount(entryIndexOf(loaded)),
    compactionCount,
    damagedLines: damagedLineCount(loaded.diagnostics),
  };
}

function readlineValues(text: string): unknown[] {
  const values: unknown[] = [];
  forEachReadlineLine(text, (line) => {
    if (isBlankLine(line)) return;
    try {
      const v: unknown = JSON.parse(line);
      if (v) values.push(v);
    } catch {
      // pi's listing skips malformed lines silently; the load diagnostics already name them.
    }
  });
  return values;
}
