// The lines of a scrolled pane (the detail pane, the compiled summary, an expanded recall entry) made
// only as far as they are read. Session text can hold 200 KB tool results; a pane shows a few dozen
// lines of it, so each part is sanitized, measured and wrapped lazily, a piece at a time, from the top
// down to the last line drawn (or scrolled past). Going to the end reads everything, once.
import type { Cell, Tone } from "./cell.js";
import { sanitizeBlock, sanitizeInline } from "./sanitize.js";
import { wrapLines } from "./text-width.js";

export interface PanePart {
  /** Raw session text (sanitized here, piece by piece). */
  text: string;
  tone: Tone;
  bold?: boolean;
  /** Keep newlines and expand tabs (a body); else one paragraph (a heading or a fact). */
  block?: boolean;
  /** Put before every wrapped line (e.g. an indent); safe text. */
  indent?: string;
  /** Find hits and the like, applied to each line as it is made. */
  decorate?: (cells: Cell[]) => Cell[];
}

/**
 * Code units sanitized at a time; a piece ends at a newline or a space where one is near. Small, as
 * a piece is sanitized whole: what a pane sanitizes is what it draws plus at most one piece.
 */
const PIECE = 1024;
/**
 * How far past the window a pane counts the lines below before saying "more": one more window (so a
 * PgDn finds its lines made), at most this many. Counting further would wrap text nobody sees on every
 * key that shows a new entry.
 */
const LOOK_AHEAD = 100;

/** `raw` sanitized, as pieces; a piece never splits a CRLF or a surrogate pair. */
function* sanitizedPieces(raw: string, block: boolean): Generator<string> {
  const clean = block ? sanitizeBlock : sanitizeInline;
  for (let at = 0; at < raw.length; ) {
    let end = Math.min(raw.length, at + PIECE);
    if (end < raw.length) {
      const soft = Math.max(raw.lastIndexOf("\n", end - 1), raw.lastIndexOf(" ", end - 1));
      if (soft >= at + PIECE / 2) end = soft + 1;
      if (raw[end - 1] === "\r" || (raw.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    }
    yield clean(raw.slice(at, end));
    at = end;
  }
}

function* paneLineStream(parts: readonly PanePart[], width: number): Generator<Cell[]> {
  for (const part of parts) {
    const indent = part.indent ?? "";
    const room = Math.max(1, width - indent.length);
    const pieces = part.text === "" ? [""] : sanitizedPieces(part.text, part.block === true);
    for (const line of wrapLines(pieces, room)) {
      const cells: Cell[] = [{ text: indent + line, tone: part.tone, bold: part.bold }];
      yield part.decorate ? part.decorate(cells) : cells;
    }
  }
}

/** A pane's lines, wrapped to `width` as far as they are read. */
export class PaneLines {
  private readonly made: Cell[][];
  private readonly stream: Iterator<Cell[]>;
  private finished = false;

  /** Lines already made (short texts, a heading), then parts wrapped to `width` as they are read. */
  constructor(source: { lines?: readonly Cell[][]; parts?: readonly PanePart[]; width?: number }) {
    this.made = [...(source.lines ?? [])];
    this.stream = paneLineStream(source.parts ?? [], Math.max(1, source.width ?? 1));
  }

  /** Makes lines until at least `count` exist (or all do); returns how many exist. */
  ensure(count: number): number {
    while (!this.finished && this.made.length < count) {
      const next = this.stream.next();
      if (next.done) this.finished = true;
      else this.made.push(next.value);
    }
    return this.made.length;
  }

  /** Lines made so far (the total once `done`). */
  get known(): number {
    return this.made.length;
  }

  /** The lines [from, from + count), made as needed. */
  slice(from: number, count: number): Cell[][] {
    this.ensure(from + count);
    return this.made.slice(from, from + count);
  }

  /** Every line: the total (reads the whole text; for End). */
  total(): number {
    return this.ensure(Infinity);
  }

  /**
   * What a scroll may reach: the total when known, else enough to move `reach` lines on (so clamping
   * to it never stops a scroll that has more text below).
   */
  extent(reach: number): number {
    return this.ensure(reach + 1);
  }

  /**
   * Lines below a window [from, from + count), counted at most one window (`count`, at most
   * `LOOK_AHEAD`) past it: `more` says the count stopped there (views show it as "▼33+").
   */
  below(from: number, count: number): { lines: number; more: boolean } {
    const ahead = Math.max(1, Math.min(LOOK_AHEAD, count));
    this.ensure(from + count + ahead + 1);
    const lines = Math.max(0, this.made.length - from - count);
    return lines > ahead ? { lines: ahead, more: true } : { lines, more: false };
  }
}

/** "▼12", "▼33+", or "" when nothing is below. */
export function belowMark(below: { lines: number; more: boolean }): string {
  return below.lines > 0 ? `▼${below.lines}${below.more ? "+" : ""}` : "";
}
