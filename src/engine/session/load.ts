import type { Diagnostic, PiProfile, SessionEntry, SessionHeader } from "../types.js";
import { nameEntry, shortText } from "./damage.js";
import { migrateRecords, needsMigration } from "./migrate.js";
import { scanSessionText, type SessionLineScan } from "./scan.js";
import { analyzeStructure, type EntryIndex } from "./structure.js";
import { stringifyJson } from "../serialize/json-text.js";

/** A session file as pi loads it: header, entries after migration, and what was damaged. */
export interface LoadedSession {
  /** The first header pi finds (after migration its version is 3); null when there is none. */
  header: SessionHeader | null;
  /** Non-header entries in file order, as pi holds them after migration (v1 files get ids 00000001, ...). */
  entries: SessionEntry[];
  /** 1-based physical line of each entry of `entries`, same index. */
  entryLines: number[];
  /** Every damaged line or structural problem, with its line and what pi loses there. */
  diagnostics: Diagnostic[];
  /** The file's own version before migration (1, 2 or 3). */
  fileVersion: number;
  /** Set when pi would not load this file at all (e.g. no valid header); the text says why. */
  invalid?: string;
}

export interface ParseSessionOptions {
  /** Used in messages (pi names the file when it rejects one). */
  path?: string;
}

const indexCache = new WeakMap<LoadedSession, EntryIndex>();

/**
 * What a load knew before the structure was analysed, kept so lines appended later can be added
 * without reading the file again (extendSession): the line-level diagnostics, the ids on dropped
 * lines, and where the scan ended.
 */
interface LinePart {
  lineDiagnostics: readonly Diagnostic[];
  lostIds: ReadonlyMap<string, number>;
  lastLine: number;
  unterminatedTail: boolean;
}
const lineParts = new WeakMap<LoadedSession, LinePart>();

// The line-level problems a whole load and an extension both report, in one wording.
const EXTRA_HEADER = "another session header; pi ignores every header after the first";
const NO_FINAL_NEWLINE = "no newline at the end of the file; pi 1.6 appends one when it opens the file (pi-explorer never writes)";
const notAnEntry = (v: unknown): string =>
  `${Array.isArray(v) ? "an array" : shortText(stringifyJson(v) ?? "")} is not an entry; pi keeps it as a broken entry without id, pi-explorer drops it`;

/**
 * pi's loadEntriesFromFile + migration for one release, without touching any file.
 * `input` is the file's bytes (decoded like Node's utf8) or its text.
 */
export function parseSession(input: string | Uint8Array, profile: PiProfile, options: ParseSessionOptions = {}): LoadedSession {
  return loadFromScan(scanSessionText(input, profile), profile, options);
}

/** The second half of parseSession, for callers that already scanned the text (the listing, the chunked reader). */
export function loadFromScan(scan: SessionLineScan, profile: PiProfile, options: ParseSessionOptions = {}): LoadedSession {
  const diagnostics = scan.diagnostics;
  const where = options.path ? `: ${options.path}` : "";
  const first = scan.values[0];

  if (first === undefined) return emptyFile(scan, profile, where);
  const nullAt = profile === "0.73" ? scan.values.indexOf(null) : -1;
  if (nullAt !== -1) {
    const line = scan.lines[nullAt];
    diagnostics.push({ line, problem: "null is not an entry; pi 0.73 fails to open a file with such a line" });
    return rejected(diagnostics, `pi 0.73 cannot open this session: line ${line} is null${where}`);
  }
  if (!isRecord(first) || first.type !== "session" || typeof first.id !== "string") {
    diagnostics.push({
      line: scan.lines[0],
      problem: `the first entry pi parses is ${isRecord(first) ? nameEntry(first) : "not an object"}, not a session header, so pi ${profile === "1.6" ? "refuses the file" : "0.73 would overwrite the file with a new header"}`,
    });
    return rejected(diagnostics, invalidText(profile, where));
  }

  const fileVersion = Number(first.version ?? 1);
  const { entries, entryLines } = needsMigration(first) ? migratedEntries(scan, diagnostics) : currentEntries(scan, diagnostics);
  const header = first as SessionHeader;
  if (profile === "1.6" && scan.unterminatedTail) {
    diagnostics.push({ line: scan.lastLine, problem: NO_FINAL_NEWLINE, note: true });
  }

  const part: LinePart = { lineDiagnostics: diagnostics.slice(), lostIds: scan.lostIds, lastLine: scan.lastLine, unterminatedTail: scan.unterminatedTail };
  const index = analyzeStructure(entries, entryLines, scan.lostIds, diagnostics);
  const loaded: LoadedSession = { header, entries, entryLines, diagnostics: sortByLine(diagnostics), fileVersion };
  indexCache.set(loaded, index);
  lineParts.set(loaded, part);
  return loaded;
}

interface Entries {
  entries: SessionEntry[];
  entryLines: number[];
}

/**
 * A v3 file (nothing to migrate): the entries straight from the scanned values, without a copy of
 * every record first. The diagnostics come in the same order as migratedEntries gives them.
 */
function currentEntries(scan: SessionLineScan, diagnostics: Diagnostic[]): Entries {
  const entries: SessionEntry[] = [];
  const entryLines: number[] = [];
  const headers: Diagnostic[] = [];
  for (let i = 1; i < scan.values.length; i++) {
    const v = scan.values[i];
    if (!isRecord(v)) diagnostics.push({ line: scan.lines[i], problem: notAnEntry(v) });
    else if (v.type === "session") headers.push({ line: scan.lines[i], problem: EXTRA_HEADER });
    else {
      entries.push(v as SessionEntry);
      entryLines.push(scan.lines[i]);
    }
  }
  for (const d of headers) diagnostics.push(d);
  return { entries, entryLines };
}

/** A v1/v2 file: pi migrates every record (header included) in place, then takes the entries. */
function migratedEntries(scan: SessionLineScan, diagnostics: Diagnostic[]): Entries {
  const records: Record<string, unknown>[] = [];
  const recordLines: number[] = [];
  for (let i = 0; i < scan.values.length; i++) {
    const v = scan.values[i];
    if (isRecord(v)) {
      records.push(v);
      recordLines.push(scan.lines[i]);
    } else {
      diagnostics.push({ line: scan.lines[i], problem: notAnEntry(v) });
    }
  }
  migrateRecords(records);
  const entries: SessionEntry[] = [];
  const entryLines: number[] = [];
  for (let i = 1; i < records.length; i++) {
    const rec = records[i];
    if (rec.type === "session") {
      diagnostics.push({ line: recordLines[i], problem: EXTRA_HEADER });
      continue;
    }
    entries.push(rec as SessionEntry);
    entryLines.push(recordLines[i]);
  }
  return { entries, entryLines };
}

/** The last physical line the load of `loaded` scanned; undefined for a session that extendSession cannot extend. */
export function extendableLastLine(loaded: LoadedSession): number | undefined {
  const part = lineParts.get(loaded);
  if (part === undefined || part.unterminatedTail || loaded.invalid !== undefined || loaded.header === null || loaded.fileVersion < 3) return undefined;
  return part.lastLine;
}

/**
 * `base` with the complete lines of `appended` (a pi 1.6 scan of the bytes after base's last line,
 * numbered on from it) added, as loading the whole file would give it; only the new lines were
 * parsed. Undefined when `base` cannot be extended (a v1/v2 file, whose ids pi rewrites; a file
 * that ended in an unfinished line; a rejected file): the caller reads the file again whole.
 */
export function extendSession(base: LoadedSession, appended: SessionLineScan): LoadedSession | undefined {
  const part = lineParts.get(base);
  if (part === undefined || extendableLastLine(base) === undefined || base.header === null) return undefined;
  const diagnostics = part.lineDiagnostics.concat(appended.diagnostics);
  const entries = base.entries.slice();
  const entryLines = base.entryLines.slice();
  for (let i = 0; i < appended.values.length; i++) {
    const v = appended.values[i];
    const line = appended.lines[i];
    if (!isRecord(v)) {
      diagnostics.push({ line, problem: notAnEntry(v) });
    } else if (v.type === "session") {
      diagnostics.push({ line, problem: EXTRA_HEADER });
    } else {
      entries.push(v as SessionEntry);
      entryLines.push(line);
    }
  }
  if (appended.unterminatedTail) {
    diagnostics.push({ line: appended.lastLine, problem: NO_FINAL_NEWLINE, note: true });
  }
  const lostIds = new Map(part.lostIds);
  for (const [id, line] of appended.lostIds) if (!lostIds.has(id)) lostIds.set(id, line);
  const next: LinePart = { lineDiagnostics: diagnostics.slice(), lostIds, lastLine: Math.max(part.lastLine, appended.lastLine), unterminatedTail: appended.unterminatedTail };
  const index = analyzeStructure(entries, entryLines, lostIds, diagnostics);
  const loaded: LoadedSession = { header: base.header, entries, entryLines, diagnostics: sortByLine(diagnostics), fileVersion: base.fileVersion };
  indexCache.set(loaded, index);
  lineParts.set(loaded, next);
  return loaded;
}

/** The parent/child index computed while loading (recomputed for a LoadedSession built elsewhere). */
export function entryIndexOf(loaded: LoadedSession): EntryIndex {
  let index = indexCache.get(loaded);
  if (!index) {
    index = analyzeStructure(loaded.entries, loaded.entryLines, new Map(), []);
    indexCache.set(loaded, index);
  }
  return index;
}

function emptyFile(scan: SessionLineScan, profile: PiProfile, where: string): LoadedSession {
  const diagnostics = scan.diagnostics;
  // 1.6 initializes a 0-byte file and rejects any other file without entries; 0.73 overwrites both.
  if (profile === "1.6" && !scan.empty) {
    if (diagnostics.length === 0) diagnostics.push({ line: 1, problem: "the file holds no entries, only blank lines" });
    return rejected(diagnostics, invalidText(profile, where));
  }
  if (diagnostics.length > 0) return rejected(diagnostics, invalidText(profile, where));
  diagnostics.push({ line: 1, problem: `the file is empty; pi would write a new session header into it on open`, note: true });
  return { header: null, entries: [], entryLines: [], diagnostics, fileVersion: 1 };
}

function invalidText(profile: PiProfile, where: string): string {
  return profile === "1.6"
    ? `Session file is not a valid pi session${where}`
    : `Session file is not a valid pi session (pi 0.73 would overwrite it with a new header)${where}`;
}

function rejected(diagnostics: Diagnostic[], invalid: string): LoadedSession {
  return { header: null, entries: [], entryLines: [], diagnostics: sortByLine(diagnostics), fileVersion: 1, invalid };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function sortByLine(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.line - b.line);
}
