// Opening a session for the explorer's first frame. A large file gets a first look: every line is
// parsed as pi parses it, except long tool results and user messages in the shape pi writes them,
// whose message is parsed only when something reads it (session/lazy-message.ts). Tool results are
// most of a long session's bytes, and the tree's filters, connectors and status line need nothing
// from either but the start of the line; the few rows on screen parse their own.
// What the first look cannot know from the start of a line: whether the line would parse at all,
// and whether keys after the head change the entry (a duplicate key, a key after the message; pi
// writes neither). So it comes with the exact load of the very same bytes (exactLoadSteps), which
// the app runs right after the first frame and which replaces the first look before anything is
// planned or written.
import type { PiProfile } from "../types.js";
import { lazyMessage, type MessageHead } from "../session/lazy-message.js";
import { loadFromScan, parseSession, type LoadedSession } from "../session/load.js";
import { ChunkedSessionScan, type SessionLineScan } from "../session/scan.js";
import { leafOfLoaded, readFileBytes, tailSha256, type FileBytes, type FileSnapshot } from "./read.js";
import { asBuffer, decodeLine, finishSteps, scanBytes, scanBytesInSteps } from "./scan-bytes.js";

/**
 * The bytes a first look was taken of, for the exact load that must follow it. Once the exact
 * session has replaced the first look, releaseFirstLook drops them (the first look's unparsed
 * messages then read as empty).
 */
export interface PendingExactLoad {
  readonly path: string;
  bytes: Uint8Array | null;
}

export interface OpenedBytes {
  loaded: LoadedSession;
  snapshot: FileSnapshot;
  /** Set when `loaded` is a first look: some messages are not parsed yet, nor known to parse. */
  pending: PendingExactLoad | null;
}

/** Smaller files are read exactly at once: their parse takes no longer than drawing the frame. */
export const FIRST_LOOK_MIN_BYTES = 8 * 1024 * 1024;
/** A shorter line costs little to parse; it is parsed like any other. */
const LAZY_MIN_LINE_BYTES = 256;
/** Enough for the head of a message line as pi writes it (ids, timestamp, role, tool name). */
const HEAD_BYTES = 512;

// A message entry holding a tool result or a user message, as pi serializes it, up to the start of
// the content. Its strings must be printable ASCII without quote or backslash (read as latin1,
// anything else would come out garbled, so such a line is parsed in full, as is any other shape).
const HEAD_STRING = '([\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*)';
const MESSAGE_HEAD = new RegExp(
  `^\\{"type":"message","id":"${HEAD_STRING}","parentId":(?:"${HEAD_STRING}"|null),"timestamp":"${HEAD_STRING}","message":\\{"role":"(?:(toolResult)","toolCallId":"${HEAD_STRING}","toolName":"${HEAD_STRING}|user)","content":$`,
);
/** Every line the first look can leave unparsed starts so; others are not looked at further. */
const MESSAGE_START = Buffer.from('{"type":"message","id":"');
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const QUOTE = 0x22;
const CONTENT_KEY = Buffer.from('"content":');

/**
 * The session in `read` as the explorer opens it: a first look when the file is a large pi 1.6
 * session (`firstLookFrom` bytes or more), otherwise the exact load.
 */
export function openSessionBytes(path: string, profile: PiProfile, read: FileBytes, firstLookFrom = FIRST_LOOK_MIN_BYTES): OpenedBytes {
  const { bytes } = read;
  const snapshotOf = (loaded: LoadedSession): FileSnapshot => ({
    path,
    size: read.size,
    mtimeMs: read.mtimeMs,
    tailSha256: tailSha256(bytes),
    dev: read.dev,
    ino: read.ino,
    leafId: leafOfLoaded(loaded),
  });
  const opened = (loaded: LoadedSession, pending: PendingExactLoad | null): OpenedBytes => ({ loaded, snapshot: snapshotOf(loaded), pending });
  if (profile === "0.73") return opened(parseSession(bytes, profile, { path }), null);
  // Migration rewrites entries of older files; a first look is only taken of current ones. No UTF-8
  // check: invalid bytes decode to U+FFFD in both loads, only their diagnostics wait for the exact one.
  const buf = asBuffer(bytes);
  if (bytes.length >= firstLookFrom && startsWithCurrentHeader(buf)) {
    const pending: PendingExactLoad = { path, bytes };
    const look = firstLookScan(buf, pending);
    if (look.lazyLines > 0) return opened(loadFromScan(look.scan, profile, { path }), pending);
  }
  return opened(loadFromScan(scanBytes(bytes), profile, { path }), null);
}

/** Read a file (never writing it) and open it as openSessionBytes does. Throws SessionReadError only. */
export function readSessionFirstLook(path: string, profile: PiProfile, firstLookFrom = FIRST_LOOK_MIN_BYTES): OpenedBytes {
  return openSessionBytes(path, profile, readFileBytes(path), firstLookFrom);
}

/** The exact load of a first look's bytes, a few milliseconds per step; the last step returns it. */
export function* exactLoadSteps(pending: PendingExactLoad): Generator<void, LoadedSession> {
  if (pending.bytes === null) throw new Error(`${pending.path}: the first look was released before its exact load`);
  const scan = yield* scanBytesInSteps(pending.bytes);
  return loadFromScan(scan, "1.6", { path: pending.path });
}

/** exactLoadSteps in one go (when the exact session is needed now). */
export function exactLoad(pending: PendingExactLoad): LoadedSession {
  return finishSteps(exactLoadSteps(pending));
}

/** Drop a replaced first look's bytes; its unparsed messages read as empty from then on. */
export function releaseFirstLook(pending: PendingExactLoad): void {
  pending.bytes = null;
}

/** The first line is a version 3 session header (pi's current files). */
function startsWithCurrentHeader(buf: Buffer): boolean {
  const nl = buf.indexOf(10);
  try {
    const value: unknown = JSON.parse(decodeLine(buf, 0, nl === -1 ? buf.length : nl));
    return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "session" && (value as { version?: unknown }).version === 3;
  } catch {
    return false;
  }
}

/** pi 1.6's scan, with long tool results and user messages in pi's shape left unparsed. */
function firstLookScan(buf: Buffer, pending: PendingExactLoad): { scan: SessionLineScan; lazyLines: number } {
  const scan = new ChunkedSessionScan();
  let lazyLines = 0;
  let from = 0;
  for (;;) {
    const nl = buf.indexOf(10, from);
    if (nl === -1) break;
    const entry = nl - from >= LAZY_MIN_LINE_BYTES ? lazyEntry(buf, from, nl, pending) : undefined;
    if (entry) {
      scan.pushParsed(entry);
      lazyLines++;
    } else scan.pushLine(decodeLine(buf, from, nl));
    from = nl + 1;
  }
  return { scan: scan.finish(buf.subarray(from)), lazyLines };
}

/** The entry of a tool result or user message line in pi's shape, with its message parsed on first read; else undefined. */
function lazyEntry(buf: Buffer, from: number, end: number, pending: PendingExactLoad): Record<string, unknown> | undefined {
  // A line cut short (a crash while writing) almost never ends in "}}"; it is parsed, and dropped as pi drops it.
  if (buf[end - 1] !== CLOSE_BRACE || buf[end - 2] !== CLOSE_BRACE) return undefined;
  if (buf.compare(MESSAGE_START, 0, MESSAGE_START.length, from, from + MESSAGE_START.length) !== 0) return undefined;
  const contentAt = buf.subarray(from, Math.min(end, from + HEAD_BYTES)).indexOf(CONTENT_KEY);
  if (contentAt === -1) return undefined;
  // Only content that is there (an array or a string): lazyMessage's promise (no null to repair).
  const contentStart = buf[from + contentAt + CONTENT_KEY.length];
  if (contentStart !== OPEN_BRACKET && contentStart !== QUOTE) return undefined;
  const head = MESSAGE_HEAD.exec(buf.toString("latin1", from, from + contentAt + CONTENT_KEY.length));
  if (head === null) return undefined;
  const [, id, parentId, timestamp, toolResult, toolCallId, toolName] = head;
  const headFields: MessageHead = toolResult ? { role: "toolResult", toolCallId, toolName } : { role: "user" };
  const message = lazyMessage(headFields, () => parseMessage(pending.bytes, from, end) ?? { ...headFields, content: [] });
  // Keys in the line's order, as JSON.parse would give them.
  return { type: "message", id, parentId: parentId ?? null, timestamp, message };
}

/**
 * The message of the line at [from, end), as JSON.parse gives it; undefined when the line is not
 * JSON after all (the exact load drops it, as pi does) or the first look was released.
 */
function parseMessage(bytes: Uint8Array | null, from: number, end: number): Record<string, unknown> | undefined {
  if (bytes === null) return undefined;
  try {
    const value: unknown = JSON.parse(decodeLine(asBuffer(bytes), from, end));
    const message = (value as { message?: unknown } | null)?.message;
    if (typeof message === "object" && message !== null && !Array.isArray(message)) return message as Record<string, unknown>;
  } catch {
    // Falls through to undefined.
  }
  return undefined;
}
