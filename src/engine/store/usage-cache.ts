// The cache behind `usage --all`: per session file a small digest (listing facts and usage buckets),
// kept in one JSON file under the user's cache folder and trusted only while the file's size, mtime,
// inode and device are unchanged. A cache that is missing, corrupt, from another version, time zone or
// pi release, or unwritable never changes an answer: its records are ignored and the files are read.
// The recall index (recall-cache*) is a separate store; this one only needs a few numbers per file.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { loadFromScan } from "../session/load.js";
import { dropUnlistedTexts } from "../session/listing-projection.js";
import { scanSessionText } from "../session/scan.js";
import { sessionInfoFromValues } from "../session/info.js";
import type { PiProfile } from "../types.js";
import { usageBuckets, type SessionDigest, type UsageBucket } from "../usage/digest.js";
import { isRecord } from "../usage/figures.js";
import { sameStamp } from "./file-read-cache.js";
import { readFileBytes } from "./read.js";
import { ReadBuffers } from "./read-buffers.js";
import { listedValues } from "./sessions.js";

const CACHE_VERSION = 1;

/** $XDG_CACHE_HOME/pi-explorer/usage.json, else ~/.cache/pi-explorer/usage.json. */
export function usageCacheFile(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".cache");
  return join(base, "pi-explorer", "usage.json");
}

interface CacheRecord {
  size: number;
  mtimeMs: number;
  ino: number;
  dev: number;
  /** null: pi's listing skips the file. */
  digest: SessionDigest | null;
}

export interface DigestRequest {
  /** The files `list --all` reads, in its order. */
  files: readonly string[];
  profile: PiProfile;
  timeZone: string | undefined;
  /** The cache file; null runs without one. */
  cacheFile: string | null;
}

export interface DigestResult {
  /** One per file pi's listing keeps, newest (modified) first. */
  digests: SessionDigest[];
  /** Files read this time, and files answered from the cache. */
  readFiles: number;
  cachedFiles: number;
  /** Why the cache was not used or not saved (it never changes the answer), or null. */
  cacheProblem: string | null;
}

export function sessionDigests(request: DigestRequest): DigestResult {
  const { cacheFile } = request;
  const loaded = cacheFile === null ? { records: new Map<string, CacheRecord>(), problem: null } : loadCache(cacheFile, request);
  let cacheProblem = loaded.problem;
  const next = new Map<string, CacheRecord>();
  const digests: SessionDigest[] = [];
  let readFiles = 0;
  let cachedFiles = 0;
  // Files are read into buffers kept from one file to the next (a new one per file faults in every page).
  const buffers = new ReadBuffers();
  for (const path of request.files) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue; // the listing skips what it cannot read
    }
    if (!stat.isFile()) continue;
    const cached = loaded.records.get(path);
    let record: CacheRecord | null;
    if (cached && sameStamp(cached, stat)) {
      record = cached;
      cachedFiles++;
    } else {
      record = buffers.lend((bufferFor) => readRecord(path, request, stat, bufferFor));
      readFiles++;
    }
    if (!record) continue;
    next.set(path, record);
    if (record.digest) digests.push(record.digest);
  }
  if (cacheFile !== null && (readFiles > 0 || next.size !== loaded.records.size)) {
    const saved = saveCache(cacheFile, request, next);
    cacheProblem ??= saved;
  }
  digests.sort((a, b) => b.modified - a.modified);
  return { digests, readFiles, cachedFiles, cacheProblem };
}

/**
 * Reads one file (into `bufferFor(size)`); null when it cannot be read. A file that changed while
 * read is answered but not cached.
 */
function readRecord(path: string, request: DigestRequest, stat: { size: number; mtimeMs: number; ino: number; dev: number }, bufferFor: (size: number) => Uint8Array): CacheRecord | null {
  let file;
  try {
    file = readFileBytes(path, bufferFor);
  } catch {
    return null;
  }
  // A digest reads what a listing reads (usage, times, models, message texts): the rest goes as each line is parsed.
  const scan = scanSessionText(file.bytes, request.profile, { trim: dropUnlistedTexts });
  const fields = sessionInfoFromValues(listedValues(scan, request.profile), request.profile);
  let digest: SessionDigest | null = null;
  if (fields) {
    const session = loadFromScan(scan, request.profile, { path });
    digest = {
      path,
      id: fields.id,
      cwd: fields.cwd,
      name: fields.name ?? null,
      firstMessage: fields.firstMessage,
      modified: (fields.modified ?? new Date(file.mtimeMs)).getTime(),
      buckets: usageBuckets(session.entries, request.timeZone),
    };
  }
  const unchanged = file.size === stat.size && file.mtimeMs === stat.mtimeMs;
  // A NaN time (no valid modified) cannot go through JSON; such a record is simply not kept.
  const keepable = digest === null || Number.isFinite(digest.modified);
  return { size: unchanged && keepable ? stat.size : -1, mtimeMs: stat.mtimeMs, ino: stat.ino, dev: stat.dev, digest };
}

// ---- the cache file

interface CacheFile {
  version: number;
  profile: PiProfile;
  timeZone: string | null;
  records: Record<string, CacheRecord>;
}

function loadCache(file: string, request: DigestRequest): { records: Map<string, CacheRecord>; problem: string | null } {
  const records = new Map<string, CacheRecord>();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const missing = code === "ENOENT" || code === "ENOTDIR";
    return { records, problem: missing ? null : `usage cache ${file} is unreadable; reading every session` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { records, problem: `usage cache ${file} is damaged; reading every session` };
  }
  if (!isRecord(parsed) || parsed.version !== CACHE_VERSION || parsed.profile !== request.profile || parsed.timeZone !== (request.timeZone ?? null) || !isRecord(parsed.records)) {
    return { records, problem: null }; // another version, release or zone: start over quietly
  }
  for (const [path, value] of Object.entries(parsed.records)) if (isCacheRecord(value)) records.set(path, value);
  return { records, problem: null };
}

/** Writes the cache atomically (temp file + rename); returns why it could not, or null. */
function saveCache(file: string, request: DigestRequest, records: Map<string, CacheRecord>): string | null {
  const kept: Record<string, CacheRecord> = {};
  for (const [path, r] of records) if (r.size >= 0) kept[path] = r;
  const body: CacheFile = { version: CACHE_VERSION, profile: request.profile, timeZone: request.timeZone ?? null, records: kept };
  // The Web Crypto global: node:crypto itself is not loaded by commands that never write this cache.
  const temp = `${file}.${globalThis.crypto.randomUUID()}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify(body), { flag: "wx", mode: 0o600 });
    renameSync(temp, file);
    return null;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing more to do
    }
    return `usage cache ${file} could not be saved; the next run reads every session again`;
  }
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === "string";

function isCacheRecord(v: unknown): v is CacheRecord {
  if (!isRecord(v) || !isNum(v.size) || v.size < 0 || !isNum(v.mtimeMs) || !isNum(v.ino) || !isNum(v.dev)) return false;
  return v.digest === null || isDigest(v.digest);
}

function isDigest(v: unknown): v is SessionDigest {
  if (!isRecord(v) || !isStr(v.path) || !isStr(v.id) || !isStr(v.cwd) || !(v.name === null || isStr(v.name)) || !isStr(v.firstMessage) || !isNum(v.modified)) return false;
  return Array.isArray(v.buckets) && v.buckets.every(isBucket);
}

const BUCKET_NUMBERS = ["input", "output", "cacheRead", "cacheWrite", "total", "cost", "usages", "withoutCost", "incomplete"] as const;

function isBucket(v: unknown): v is UsageBucket {
  if (!isRecord(v) || !(v.day === null || isStr(v.day)) || !isStr(v.model)) return false;
  if (v.source !== "assistant" && v.source !== "tool" && v.source !== "summary") return false;
  return BUCKET_NUMBERS.every((k) => isNum(v[k]));
}
