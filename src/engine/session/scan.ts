// First pass over a session text: the JSON values pi would collect, each with its physical line,
// and a diagnostic for every line pi silently drops.
import type { Diagnostic, PiProfile } from "../types.js";
import { decodeUtf8, findInvalidUtf8Lines, PieceDecoder } from "./decode.js";
import { describeUnparsableLine } from "./damage.js";
import { forEachSessionLine, hasLoneCarriageReturn, hasLoneCarriageReturnByte, isBlankLine, type LineWalk } from "./lines.js";
import { stringifyJson } from "../serialize/json-text.js";
import { StringSharing } from "./share-strings.js";

/** What loading needs from a scan: the parsed values and what was lost, without the text. */
export interface SessionLineScan {
  /** The parsed values pi keeps, in file order (1.6 skips falsy values such as `null`; 0.73 keeps them). */
  values: unknown[];
  /** Physical line of each value. */
  lines: number[];
  diagnostics: Diagnostic[];
  /** Entry ids that were on dropped lines, with the line, so an orphan can name where its parent went. */
  lostIds: Map<string, number>;
  /** 1.6: the file does not end with "\n". */
  unterminatedTail: boolean;
  lastLine: number;
  /** The input had no characters at all (pi 1.6 initializes such a file instead of rejecting it). */
  empty: boolean;
}

export interface SessionScan extends SessionLineScan {
  /**
   * The decoded text, kept only where pi 1.6's listing needs it: it holds a "\r" that is not part
   * of "\r\n", where readline (which the listing reads with) ends a line too.
   */
  readlineText: string | undefined;
  /**
   * A scan of bytes: where each physical line starts (index line - 1), then where a line after the
   * last would start (one past its "\n"; the length + 1 when the bytes do not end with "\n"), so
   * line L is bytes [lineStarts[L - 1], lineStarts[L] - 1). Undefined for a scan of a text.
   */
  lineStarts: number[] | undefined;
}

/** Collects values and diagnostics line by line; shared by the whole-text and the chunked scan. */
class LineCollector {
  readonly values: unknown[] = [];
  readonly lines: number[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly lostIds = new Map<string, number>();
  // Shared right after JSON.parse, while the copy is young: a scavenge frees it for nothing, where a
  // copy replaced after the scan would sit in the old generation until the next full collection.
  private readonly sharing = new StringSharing();

  constructor(
    private readonly profile: PiProfile,
    private readonly options: ScanOptions = {},
  ) {}

  invalidUtf8(lines: readonly number[], firstLine: number): void {
    for (const line of lines) {
      this.diagnostics.push({ line: line + firstLine - 1, problem: "invalid UTF-8 bytes; pi reads them as U+FFFD replacement characters" });
    }
  }

  visit(line: string, lineNo: number): void {
    if (isBlankLine(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const damage = describeUnparsableLine(line, error);
      this.diagnostics.push({ line: lineNo, problem: damage.problem });
      for (const id of damage.lostIds) if (!this.lostIds.has(id)) this.lostIds.set(id, lineNo);
      return;
    }
    // pi 1.6's parseSessionEntryLine returns the value and the caller keeps only truthy ones.
    if (this.profile === "1.6" && !value) {
      this.diagnostics.push({ line: lineNo, problem: `${stringifyJson(value)} is not an entry; pi drops this line` });
      return;
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      this.options.trim?.(value as Record<string, unknown>);
      this.sharing.entry(value as Record<string, unknown>);
    }
    this.keep(value, lineNo);
  }

  keep(value: unknown, lineNo: number): void {
    this.values.push(value);
    this.lines.push(lineNo);
  }

  result(walk: LineWalk, empty: boolean): SessionLineScan {
    const { values, lines, diagnostics, lostIds } = this;
    return { values, lines, diagnostics, lostIds, unterminatedTail: walk.unterminatedTail, lastLine: walk.lastLine, empty };
  }
}

/** How a scan keeps what it parses. */
export interface ScanOptions {
  /** Changes each parsed entry (an object) in place as soon as it is parsed, e.g. to drop what the caller never reads. */
  trim?: (entry: Record<string, unknown>) => void;
}

export function scanSessionText(input: Uint8Array, profile: PiProfile, options?: ScanOptions): SessionScan & { lineStarts: number[] };
export function scanSessionText(input: string | Uint8Array, profile: PiProfile, options?: ScanOptions): SessionScan;
export function scanSessionText(input: string | Uint8Array, profile: PiProfile, options: ScanOptions = {}): SessionScan {
  if (typeof input !== "string") return scanSessionBytes(input, profile, options);
  const collector = new LineCollector(profile, options);
  const walk = forEachSessionLine(input, profile, (line, lineNo) => collector.visit(line, lineNo));
  const readlineText = profile === "1.6" && hasLoneCarriageReturn(input) ? input : undefined;
  return { ...collector.result(walk, input.length === 0), readlineText, lineStarts: undefined };
}

/** Lines up to this many bytes are decoded in runs: one string per run, then cut at its "\n"s. */
const SHORT_LINE_BYTES = 256;
/** At most this many bytes per run. */
const RUN_BYTES = 16 * 1024;

/**
 * Where each line of the decoder's bytes starts (index line - 1), then where a line after the last
 * would start (one past its "\n"; the length + 1 when the bytes do not end with "\n").
 */
export function lineStartsOf(decoder: PieceDecoder, n: number): number[] {
  const starts: number[] = [];
  let at = 0;
  while (at < n) {
    starts.push(at);
    const nl = decoder.indexOfNewline(at);
    at = nl === -1 ? n + 1 : nl + 1;
  }
  starts.push(at);
  return starts;
}

/**
 * Visits lines [from, to] (1-based, `starts` from lineStartsOf) decoded, each a string of its own;
 * short lines are decoded a run at a time (decoding per call costs more than a short line's bytes).
 * A visit that answers false ends the walk.
 */
export function visitDecodedLines(decoder: PieceDecoder, starts: readonly number[], from: number, to: number, visit: (text: string, line: number) => boolean | void): void {
  for (let l = from; l <= to; ) {
    const runStart = starts[l - 1];
    let end = l;
    while (end < to && starts[end] - starts[end - 1] <= SHORT_LINE_BYTES && starts[end + 1] - starts[end] <= SHORT_LINE_BYTES && starts[end + 1] - runStart <= RUN_BYTES) end++;
    if (end === l) {
      if (visit(decoder.decode(runStart, starts[l] - 1), l) === false) return;
      l++;
      continue;
    }
    // No UTF-8 sequence spans a "\n", so the run's text cut at its "\n"s is each line's text.
    const text = decoder.decode(runStart, starts[end] - 1);
    let at = 0;
    for (; l < end; l++) {
      const nl = text.indexOf("\n", at);
      if (visit(text.slice(at, nl), l) === false) return;
      at = nl + 1;
    }
    if (visit(text.slice(at), l) === false) return;
    l++;
  }
}

/**
 * scanSessionText of the decoded bytes, decoding line by line: each line is a string of its own
 * (one-byte for an ASCII line, which JSON.parse reads faster), never a slice of one text of the
 * whole file (two-byte as soon as one character is not latin1), and the walk that finds the lines
 * keeps where they start.
 */
function scanSessionBytes(bytes: Uint8Array, profile: PiProfile, options: ScanOptions): SessionScan & { lineStarts: number[] } {
  const decoder = new PieceDecoder(bytes);
  const collector = new LineCollector(profile, options);
  if (!decoder.valid) collector.invalidUtf8(findInvalidUtf8Lines(bytes), 1);
  const n = bytes.length;
  const starts = lineStartsOf(decoder, n);
  const count = starts.length - 1;
  const line = (l: number): string => decoder.decode(starts[l - 1], starts[l] - 1);
  let walk: LineWalk;
  if (profile === "1.6") {
    visitDecodedLines(decoder, starts, 1, count, (text, l) => collector.visit(text, l));
    walk = { unterminatedTail: n > 0 && bytes[n - 1] !== 10, lastLine: count };
  } else {
    // pi 0.73 trims the whole text before splitting it: whole blank lines go at both ends, and the
    // first and last lines left lose their outer whitespace.
    let first = 1;
    while (first <= count && line(first).trim() === "") first++;
    let last = count;
    while (last > first && line(last).trim() === "") last--;
    if (first > count) walk = { unterminatedTail: false, lastLine: 0 };
    else {
      visitDecodedLines(decoder, starts, first, last, (text, l) => {
        let trimmed = text;
        if (l === first) trimmed = trimmed.trimStart();
        if (l === last) trimmed = trimmed.trimEnd();
        collector.visit(trimmed, l);
      });
      walk = { unterminatedTail: false, lastLine: last };
    }
  }
  const readlineText = profile === "1.6" && hasLoneCarriageReturnByte(bytes) ? decodeUtf8(bytes).text : undefined;
  return { ...collector.result(walk, n === 0), readlineText, lineStarts: starts };
}

/**
 * pi 1.6's scan fed piece by piece, so a large file never exists as one string (half the peak
 * memory of opening it). Every piece but the last must end with "\n": no line and no UTF-8
 * sequence then spans two pieces, so decoding and splitting per piece equals doing it on the whole.
 * pi 0.73 trims the whole text first, so it has no chunked form; use scanSessionText for it.
 */
export class ChunkedSessionScan {
  private readonly collector = new LineCollector("1.6");
  private nextLine: number;
  private sawBytes = false;
  private done = false;

  /** `firstLine`: the physical line number of the first line pushed (lines appended after a file's end start past 1). */
  constructor(firstLine = 1) {
    this.nextLine = firstLine;
  }

  /** A piece that ends with "\n" (checked by the caller, which finds the newline anyway). */
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.sawBytes = true;
    const text = this.decode(piece);
    let from = 0;
    let nl = text.indexOf("\n");
    while (nl !== -1) {
      this.collector.visit(text.slice(from, nl), this.nextLine++);
      from = nl + 1;
      nl = text.indexOf("\n", from);
    }
  }

  /**
   * One complete line, without its "\n", already decoded exactly as Node decodes valid UTF-8 (a
   * reader that can check bytes natively decodes line by line, which costs less than a whole piece).
   */
  pushLine(line: string): void {
    this.sawBytes = true;
    this.collector.visit(line, this.nextLine++);
  }

  /**
   * One complete line that the caller has already turned into its value without JSON.parse (the
   * first look at a large file: store/first-look.ts). It counts as a parsed line.
   */
  pushParsed(value: Record<string, unknown>): void {
    this.sawBytes = true;
    this.collector.keep(value, this.nextLine++);
  }

  /** The bytes after the last "\n" (possibly none); returns the scan. */
  finish(tail: Uint8Array): SessionLineScan {
    if (this.done) throw new Error("ChunkedSessionScan.finish called twice");
    this.done = true;
    if (tail.length === 0) return this.collector.result({ unterminatedTail: false, lastLine: this.nextLine - 1 }, !this.sawBytes);
    const text = this.decode(tail);
    this.collector.visit(text, this.nextLine);
    return this.collector.result({ unterminatedTail: true, lastLine: this.nextLine }, false);
  }

  private decode(piece: Uint8Array): string {
    const { text, invalidUtf8Lines } = decodeUtf8(piece);
    this.collector.invalidUtf8(invalidUtf8Lines, this.nextLine);
    return text;
  }
}
