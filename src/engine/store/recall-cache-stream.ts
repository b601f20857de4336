// A session file read for the recall index one line at a time: each line is decoded (one holding
// multi-byte UTF-8 read as latin1 where that parses the same, recall/latin1-entry.ts), parsed, made
// into its doc and counted into postings, then dropped. Loading the whole file first (as opening a
// session does) kept every parsed entry alive until the file's end, so each one survived the young
// generation and was copied and marked again; collecting them cost more than parsing them
// (measured on the 1 GB bench folder: preparing every file in one thread took 12.3 s of CPU, 6.6 s
// per line). Only the common case streams: pi 1.6's reading of a v3 file behind its header, as
// loadFromScan and pi's listing would take it line for line. Anything else (no header first, an
// older version to migrate, a lone "\r" that pi's listing reads as a line end, pi 0.73's
// whole-text trim) answers null and is loaded whole.
import { type Buffer, isAscii } from "node:buffer";
import { realEntryForDocs } from "../recall/latin1-entry.js";
import { cutUnreadText, LONG_LINE_BYTES, toolTextCutsHold } from "../recall/line-cut.js";
import { needsMigration } from "../session/migrate.js";
import { asBuffer, PieceDecoder } from "../session/decode.js";
import { escapesOnlyAscii } from "../session/json-escapes.js";
import { SessionInfoWalk } from "../session/info.js";
import { hasLoneCarriageReturnByte, isBlankLine } from "../session/lines.js";
import { lineStartsOf } from "../session/scan.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { isRecord } from "../usage/figures.js";
import { NO_CALLS, SegmentBuilder, type PreparedSegment } from "./recall-cache-segment.js";

export interface StreamedFile {
  sessionId: string;
  /** Whether pi's listing keeps the file. */
  listed: boolean;
  /** Null when pi's listing skips the file. */
  segment: PreparedSegment | null;
}

/**
 * `body`: a file's complete lines. Null when the file is not one this reader takes (see above).
 * `cutLines`: long lines are parsed with what no reader takes cut out (false: whole, to compare).
 */
export function streamWholeFile(body: Uint8Array, profile: PiProfile, cutLines = true): StreamedFile | null {
  if (profile !== "1.6" || hasLoneCarriageReturnByte(body)) return null;
  const reader = new LineReader(body, profile, cutLines);
  const starts = lineStartsOf(reader.decoder, body.length);
  for (let line = 1; line < starts.length; line++) {
    const read = reader.line(starts[line - 1], starts[line] - 1);
    if (read === STOP) break;
    if (read === LOAD_WHOLE) return null;
  }
  return reader.finish();
}

/** What reading a line says of the rest: go on, read no more, or load the file whole instead. */
const GO_ON = 0;
const STOP = 1;
const LOAD_WHOLE = 2;

/**
 * A file's lines read one at a time, in order. The work of a line is a method of its own: a
 * function that loops over a file's lines is optimized on stack (OSR) in the middle of its first
 * file, with no feedback yet for what runs before and after the loop, and was thrown away and
 * compiled again at those places, file after file (tens of ms each time, in every worker), where
 * this one is compiled as any hot function is.
 */
class LineReader {
  readonly decoder: PieceDecoder;
  private readonly buf: Buffer;
  private readonly listing: SessionInfoWalk;
  private readonly docs = new SegmentBuilder(0, 0, NO_CALLS);
  /** Stays null when the first value is not what this reader takes: the file is then loaded whole. */
  private header: Record<string, unknown> | null = null;
  /** Whether pi's listing has seen a line read as latin1: its texts then measure at least their real length. */
  private listedLatin1 = false;

  constructor(
    body: Uint8Array,
    profile: PiProfile,
    private readonly cutLines: boolean,
  ) {
    this.decoder = new PieceDecoder(body);
    this.buf = asBuffer(body);
    this.listing = new SessionInfoWalk(profile, false);
  }

  /** The line at buf[from, to) (no line end). */
  line(from: number, to: number): number {
    const { decoder, buf, header } = this;
    // A long line is parsed with the text no reader takes cut out of it (recall/line-cut.ts); the header whole.
    const cut = this.cutLines && decoder.valid && header !== null && to - from >= LONG_LINE_BYTES ? cutUnreadText(buf.subarray(from, to)) : null;
    let latin1 = false;
    let text: string;
    if (!decoder.valid) text = decoder.decode(from, to);
    else ({ text, latin1 } = cut ? lineText(cut.bytes, 0, cut.bytes.length, true) : lineText(buf, from, to, header !== null));
    // What the scan keeps of a line (session/scan.ts LineCollector.visit, pi 1.6).
    if (isBlankLine(text)) return GO_ON;
    let value: unknown;
    try {
      value = JSON.parse(text);
      if (cut && !toolTextCutsHold(value, cut)) {
        ({ text, latin1 } = lineText(buf, from, to, true));
        value = JSON.parse(text);
      }
    } catch {
      return GO_ON;
    }
    if (!value) return GO_ON;
    if (header === null) {
      // What loadFromScan takes as a v3 session without migrating it.
      if (!isRecord(value) || value.type !== "session" || typeof value.id !== "string" || needsMigration(value)) return LOAD_WHOLE;
      this.header = value;
      this.listing.add(value);
      return GO_ON;
    }
    this.listedLatin1 ||= latin1;
    // Once pi's listing would skip the file, nothing more of it is read (finish() says so). Where it
    // saw latin1 texts, their measure may be what made it skip: the file is then loaded whole.
    if (!this.listing.add(value)) return this.listedLatin1 ? LOAD_WHOLE : STOP;
    // An entry as loadFromScan takes it: an object, and not a second header.
    if (!isRecord(value) || value.type === "session") return GO_ON;
    this.docs.add((latin1 ? realEntryForDocs(value) : value) as unknown as SessionEntry, from, to - from);
    return GO_ON;
  }

  /** What the read gives once its lines are read (null: the file is to be loaded whole). */
  finish(): StreamedFile | null {
    const header = this.header;
    if (header === null) return null;
    const sessionId = (header as { id: string }).id;
    if (this.listing.finish() === null) return this.listedLatin1 ? null : { sessionId, listed: false, segment: null };
    return { sessionId, listed: true, segment: this.docs.finish() };
  }
}

/**
 * The text of buf[from, to) as it is parsed: ASCII read as latin1; past ASCII, as latin1 too where
 * multi-byte UTF-8 parses the same that way (every \u escape in it an ASCII char:
 * recall/latin1-entry.ts; `latin1` says so), but never the header; else decoded.
 */
function lineText(buf: Buffer, from: number, to: number, afterHeader: boolean): { text: string; latin1: boolean } {
  if (isAscii(buf.subarray(from, to))) return { text: buf.toString("latin1", from, to), latin1: false };
  if (afterHeader && escapesOnlyAscii(buf, from, to)) return { text: buf.toString("latin1", from, to), latin1: true };
  return { text: buf.toString("utf8", from, to), latin1: false };
}
