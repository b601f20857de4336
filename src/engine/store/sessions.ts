import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { damagedLineCount, type PiProfile } from "../types.js";
import { entryIndexOf, loadFromScan } from "../session/load.js";
import { scanSessionText, type SessionScan } from "../session/scan.js";
import { sessionInfoFromValues } from "../session/info.js";
import { dropUnlistedTexts } from "../session/listing-projection.js";
import { branchPointCount } from "../session/structure.js";
import { forEachReadlineLine, isBlankLine } from "../session/lines.js";
import { notRegularFile, readFileBytes } from "./read.js";
import { FileReadCache, type StampedRead } from "./file-read-cache.js";
import { ReadBuffers } from "./read-buffers.js";
import type { TokenCost } from "../usage/figures.js";
import { usageTotals } from "../usage/totals.js";
import { absoluteBaseDir, expandEnvPath, normalizePiPath, resolvePiPath, type PathContext } from "../settings/pi-paths.js";

// pi's path rules that decide where sessions live (spec §1.1, 1x §1). The "~" expansions are
// settings/pi-paths.ts (one module for every place pi expands a path, exported by the settings barrel).

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
  /** Recorded tokens and cost of the whole file, as pi's session statistics count them (usage/). */
  usage?: TokenCost;
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
  /** Told of each `*.jsonl` left out because it is not a regular file (a FIFO, a device): never opened for reading. */
  onSkipped?: (path: string, why: string) => void;
  /** What earlier listings read: files unchanged since are not read again. */
  cache?: SessionInfoCache;
}

/** What listings read of each file (null: pi's listing skips it), kept while the file is unchanged; one per picker. */
export class SessionInfoCache extends FileReadCache<SessionInfo | null> {}

/** A listing's read of one file as pi's release `profile` lists it. */
type ReadInfo = (path: string, profile: PiProfile) => StampedRead<SessionInfo | null>;

/**
 * pi's agent dir: $PI_CODING_AGENT_DIR ("~" expanded like pi's config.expandTildePath) or ~/.pi/agent.
 * env and home are passed in. A file: URL pi 1.6 cannot convert is kept as written: check
 * unusableAgentDir first, the folder functions below throw on it.
 */
export function resolveAgentDir(env: Record<string, string | undefined>, home: string, profile: PiProfile = "1.6"): string {
  const fromEnv = env.PI_CODING_AGENT_DIR;
  if (!fromEnv) return join(home, ".pi", "agent");
  try {
    return expandEnvPath(fromEnv, profile, home);
  } catch {
    return fromEnv;
  }
}

/**
 * $PI_CODING_AGENT_DIR as written when pi 1.6 cannot use it (a file: URL of another host, or not a
 * valid one): pi's getAgentDir throws and pi exits with a stack trace before doing anything.
 * undefined when the value is fine (0.73 never converts file: URLs).
 */
export function unusableAgentDir(env: Record<string, string | undefined>, home: string, profile: PiProfile): string | undefined {
  const fromEnv = env.PI_CODING_AGENT_DIR;
  if (!fromEnv || profile !== "1.6") return undefined;
  try {
    expandEnvPath(fromEnv, profile, home);
    return undefined;
  } catch {
    return fromEnv;
  }
}

/** The explicit sessions folder as SessionManager sees it: 1.6 normalizes it (again), 0.73 takes it as is. */
function explicitSessionDir(opts: { sessionDir?: string; profile: PiProfile; home?: string }): string | undefined {
  const dir = opts.sessionDir;
  // 1.6 treats "" like no folder; 0.73 uses even "" (and then finds nothing).
  if (dir === undefined || (dir === "" && opts.profile === "1.6")) return undefined;
  if (opts.profile === "0.73") return dir;
  try {
    return normalizePiPath(dir, opts.home);
  } catch {
    return dir;
  }
}

/** The folder listSessions reads for the current working directory (the picker watches it). */
export function sessionsFolder(opts: Omit<ListSessionsOptions, "all">): string {
  const ctx = { home: opts.home, baseDir: opts.baseDir };
  // pi reads a relative folder (a sessions folder, 0.73's agent dir) from its cwd, which is baseDir here.
  return resolve(absoluteBaseDir(ctx), explicitSessionDir(opts) ?? defaultSessionDir(opts.cwd, opts.agentDir, opts.profile, ctx));
}

/** pi's SessionManager.list / listAll, newest (modified) first. Unreadable files are skipped. */
export function listSessions(opts: ListSessionsOptions): SessionInfo[] {
  return listToEnd(listSessionsInSteps(opts));
}

/** Every step of `listing` at once; its answer. */
export function listToEnd(listing: SessionListing): SessionInfo[] {
  while (listing.step());
  return listing.result();
}

/**
 * listSessions one file at a time, for a caller that stays responsive meanwhile (the picker lists
 * every project in steps between keys): `step()` reads the next file and answers whether any is
 * left; `done` of `total` files are read; `result()` is listSessions' answer once no step is left.
 */
export interface SessionListing {
  readonly total: number;
  readonly done: number;
  step(): boolean;
  result(): SessionInfo[];
}

export function listSessionsInSteps(opts: ListSessionsOptions): SessionListing {
  const { profile } = opts;
  if (opts.all) {
    const paths = listAllSessionFiles(opts);
    // Every project listed: what is kept of files no longer there goes.
    opts.cache?.keepOnly(paths);
    return new FileListing(paths, profile, opts, sortByModified);
  }
  const ctx = { home: opts.home, baseDir: opts.baseDir };
  const explicitDir = explicitSessionDir(opts);
  const defaultDir = defaultSessionDir(opts.cwd, opts.agentDir, profile, ctx);
  const folder = sessionsFolder(opts);
  // 1.6: a shared custom folder holds many projects; only the ones whose header cwd is this cwd count.
  const shared = profile === "1.6" && explicitDir !== undefined && resolvePiPath(explicitDir, ctx) !== defaultDir;
  const wanted = shared ? resolvePiPath(opts.cwd, ctx) : "";
  return new FileListing(dirSessionFiles(folder, profile), profile, opts, (sessions) =>
    sortByModified(shared ? sessions.filter((s) => s.cwd !== "" && resolvePiPath(s.cwd, ctx) === wanted) : sessions),
  );
}

export type AllSessionsOptions = Pick<ListSessionsOptions, "agentDir" | "sessionDir" | "profile" | "home" | "baseDir">;

/**
 * Where pi's listAll looks, as an absolute folder. 1.6 with an explicit sessions folder: the *.jsonl
 * directly in it (`perProject` false). Otherwise, and always in 0.73 (its listAll ignores the
 * folder): every project folder under <agentDir>/sessions. pi reads a relative folder from its
 * cwd; here that is opts.baseDir, never this process's cwd.
 */
export function allSessionsRoot(opts: AllSessionsOptions): { dir: string; perProject: boolean } {
  const base = absoluteBaseDir({ home: opts.home, baseDir: opts.baseDir });
  const explicitDir = explicitSessionDir(opts);
  if (opts.profile === "1.6" && explicitDir !== undefined) return { dir: resolve(base, explicitDir), perProject: false };
  const agentDir = opts.profile === "1.6" ? resolvePiPath(opts.agentDir, { home: opts.home, baseDir: base }) : resolve(base, opts.agentDir);
  return { dir: join(agentDir, "sessions"), perProject: true };
}

/** The files pi's listAll reads, in its read order, before it skips the ones it cannot use. */
export function listAllSessionFiles(opts: AllSessionsOptions): string[] {
  const root = allSessionsRoot(opts);
  return root.perProject ? projectSessionFiles(root.dir, opts.profile) : dirSessionFiles(root.dir, opts.profile);
}

/**
 * Whether pi's listAll lists any session: listSessions({ ...opts, all: true }) is not empty. The
 * files are read one at a time, smallest first, until one is listed (listing them all reads every
 * file whole: seconds for a few GB).
 */
export function hasAnySession(opts: AllSessionsOptions): boolean {
  const sized = listAllSessionFiles(opts).map((path) => ({ path, size: sizeOf(path) }));
  sized.sort((a, b) => a.size - b.size);
  const read = listingReader();
  return sized.some((f) => read(f.path, opts.profile).value !== null);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Reads `paths` one per step; `finish` makes the answer of what they list. */
class FileListing implements SessionListing {
  private readonly read = listingReader();
  private readonly listed: SessionInfo[] = [];
  private next = 0;

  constructor(
    private readonly paths: readonly string[],
    private readonly profile: PiProfile,
    private readonly opts: Pick<ListSessionsOptions, "onSkipped" | "cache">,
    private readonly finish: (sessions: SessionInfo[]) => SessionInfo[],
  ) {}

  get total(): number {
    return this.paths.length;
  }

  get done(): number {
    return this.next;
  }

  step(): boolean {
    if (this.next >= this.paths.length) return false;
    const path = this.paths[this.next++];
    const { cache, onSkipped } = this.opts;
    const info = cache ? cache.valueOf(path, this.profile, (p) => this.read(p, this.profile)) : this.read(path, this.profile).value;
    if (info) this.listed.push(info);
    else if (onSkipped) {
      const why = notRegularFile(path);
      if (why !== undefined) onSkipped(path, why);
    }
    return this.next < this.paths.length;
  }

  result(): SessionInfo[] {
    if (this.next < this.paths.length) throw new Error("SessionListing: result() asked before every file was read");
    return this.finish(this.listed.slice());
  }
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

function dirSessionFiles(dir: string, profile: PiProfile): string[] {
  const names = jsonlNames(dir);
  // 1.6 loads name-descending before its (stable) sort by modified; 0.73 keeps directory order.
  if (profile === "1.6") names.sort((a, b) => b.localeCompare(a));
  return names.map((name) => join(dir, name));
}

function projectSessionFiles(sessionsRoot: string, profile: PiProfile): string[] {
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
    // Only 1.6 orders by mtime here; 0.73 keeps directory order and needs no stat.
    for (const name of jsonlNames(dir)) files.push({ path: join(dir, name), mtimeMs: profile === "1.6" ? mtimeOf(join(dir, name)) : 0 });
  }
  if (profile === "1.6") {
    files.sort((a, b) => b.mtimeMs - a.mtimeMs || basename(b.path).localeCompare(basename(a.path)));
  }
  return files.map((f) => f.path);
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
  return sessionInfoOfFile(path, profile).value;
}

/**
 * readSessionInfo for one listing's files, each with the file as the read saw it (null: it could not
 * be read). The files are read into buffers kept from one file to the next: a new buffer per file
 * is new memory whose every page faults in (`list --all` of the 1 GB bench folder: about a second
 * of system time). The buffers hold none of what is returned (the scan decodes lines into strings
 * of their own) and go with the listing.
 */
function listingReader(): ReadInfo {
  const buffers = new ReadBuffers();
  return (path, profile) => buffers.lend((bufferFor) => sessionInfoOfFile(path, profile, bufferFor));
}

function sessionInfoOfFile(path: string, profile: PiProfile, bufferFor?: (size: number) => Uint8Array): ReturnType<ReadInfo> {
  let file;
  try {
    file = readFileBytes(path, bufferFor);
  } catch {
    return { value: null, stamp: null };
  }
  const stamp = { size: file.size, mtimeMs: file.mtimeMs, dev: file.dev, ino: file.ino };
  const scan = scanSessionText(file.bytes, profile, { trim: dropUnlistedTexts });
  const fields = sessionInfoFromValues(listedValues(scan, profile), profile);
  if (!fields) return { value: null, stamp };
  const loaded = loadFromScan(scan, profile, { path });
  let compactionCount = 0;
  for (const e of loaded.entries) if (e.type === "compaction") compactionCount++;
  const mtime = new Date(file.mtimeMs);
  const info: SessionInfo = {
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
    usage: usageTotals(loaded.entries).all,
  };
  return { value: info, stamp };
}

/**
 * The values pi's listing parses from scanned whole lines. pi 1.6 lists through readline, which also
 * ends lines at a lone "\r"; only then do they differ from the scan's values.
 */
export function listedValues(scan: SessionScan, profile: PiProfile): unknown[] {
  return profile === "1.6" && scan.readlineText !== undefined ? readlineValues(scan.readlineText) : scan.values;
}

/**
 * Whether pi's listing (SessionManager.list/listAll, both releases) keeps a file whose whole lines
 * give these values: it skips one without a session header first, and one whose entries make it
 * throw (e.g. a message entry whose "message" is null).
 */
export function isListedByPi(values: unknown[], profile: PiProfile): boolean {
  // Only judged: the join of every message's text is measured, not made.
  return sessionInfoFromValues(values, profile, false) !== null;
}

/**
 * Whether the first value pi's listing parses from the file is a session header (pi skips the file
 * otherwise). Reads only the head of the file. pi also skips a file whose later entries make its
 * listing throw; telling that needs the whole file, so this answers true for those.
 */
export function startsWithSessionHeader(path: string, profile: PiProfile): boolean {
  let fd: number;
  try {
    // Non-blocking: a FIFO named *.jsonl must not wait for a writer (it is not a session).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return false;
  }
  try {
    if (!fstatSync(fd).isFile()) return false;
    let head: Uint8Array = new Uint8Array(4096);
    let length = 0;
    let scanned = 0;
    for (;;) {
      if (length === head.length) head = grow(head);
      const n = readSync(fd, head, length, head.length - length, length);
      length += n;
      const atEnd = n === 0;
      // Whole lines only (a value cut by the read would not parse), one more line at a time: the
      // header is nearly always the first line, and parsing the rest of the read costs as much again.
      // Each line is parsed alone (no value and no readline line spans a "\n"), so a long run of
      // damaged lines costs linear time, not a re-parse of everything before it per line.
      for (;;) {
        const nl = head.subarray(0, length).indexOf(10, scanned);
        const end = nl >= 0 ? nl + 1 : atEnd ? length : -1;
        if (end <= scanned) break;
        const start = scanned;
        scanned = end;
        const header = firstValueIsHeader(head.subarray(start, end), profile);
        if (header !== undefined) return header;
      }
      if (atEnd) return false;
    }
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether `path` is still a regular, readable file whose first non-blank line is a session header:
 * the picker's check on Enter, made just before the tree reads and parses the whole file. Reads up
 * to the end of that line and no further (startsWithSessionHeader reads on past damaged lines).
 * Stricter than pi's listing in one rare case: a damaged first line before the header, which the
 * listing skips, answers false here.
 */
export function firstLineIsSessionHeader(path: string, profile: PiProfile): boolean {
  let fd: number;
  try {
    // Non-blocking: opening a FIFO put in the file's place must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return false;
  }
  try {
    if (!fstatSync(fd).isFile()) return false;
    let buf: Uint8Array = new Uint8Array(4096);
    let start = 0; // where the line being read begins in buf
    let length = 0;
    let scanned = 0; // buf[start, scanned) holds no "\n"
    let offset = 0; // file offset of buf[length]
    for (;;) {
      const nl = buf.subarray(0, length).indexOf(10, scanned);
      if (nl < 0 && length - start === buf.length) buf = grow(buf);
      if (nl < 0) {
        if (start > 0) {
          buf.copyWithin(0, start, length);
          length -= start;
          start = 0;
        }
        scanned = length;
        const n = readSync(fd, buf, length, buf.length - length, offset);
        offset += n;
        length += n;
        if (n > 0) continue;
      }
      const end = nl >= 0 ? nl + 1 : length;
      if (end === start) return false; // the file holds only blank lines
      const line = buf.subarray(start, end);
      const header = firstValueIsHeader(line, profile);
      if (header !== undefined) return header;
      if (nl < 0 || !isBlankLine(new TextDecoder().decode(line))) return false;
      start = scanned = end;
    }
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

function grow(bytes: Uint8Array): Uint8Array {
  const bigger = new Uint8Array(bytes.length * 2);
  bigger.set(bytes);
  return bigger;
}

/**
 * Whether the first value pi's listing keeps from these whole lines is a session header, or
 * undefined when they hold no value yet.
 */
function firstValueIsHeader(bytes: Uint8Array, profile: PiProfile): boolean | undefined {
  const values = listedValues(scanSessionText(bytes, profile), profile);
  if (values.length === 0) return undefined;
  const first = values[0];
  return typeof first === "object" && first !== null && (first as { type?: unknown }).type === "session";
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
