// Column arithmetic for terminal text: wide (CJK, emoji) characters take two columns, combining marks
// none. Rows are cut to the terminal width here rather than by Ink's wrapping, so a row is always
// exactly one line and the frame height stays predictable.

import { textWork } from "./text-work.js";

// Widths follow what Ink measures with (string-width: grapheme clusters, RGI emoji, East Asian
// Width). When the two disagree, Ink cuts our "exactly one line" rows with "…" and the right-hand
// columns disappear, so this table must stay in step with it.
// Nothing drawn: marks, format characters, default-ignorables (string-width's "non-printing").
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
// East Asian Width W and F (Unicode 16), merged into ranges; this includes the emoji that default to
// emoji presentation.
const WIDE =
  // eslint-disable-next-line no-misleading-character-class -- a table of code point ranges, tested one code point at a time
  /[\u1100-\u115f\u231a-\u231b\u2329-\u232a\u23e9-\u23ec\u23f0\u23f3\u25fd-\u25fe\u2614-\u2615\u2630-\u2637\u2648-\u2653\u267f\u268a-\u268f\u2693\u26a1\u26aa-\u26ab\u26bd-\u26be\u26c4-\u26c5\u26ce\u26d4\u26ea\u26f2-\u26f3\u26f5\u26fa\u26fd\u2705\u270a-\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b-\u2b1c\u2b50\u2b55\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u2ff0-\u303e\u3041-\u3096\u3099-\u30ff\u3105-\u312f\u3131-\u318e\u3190-\u31e5\u31ef-\u321e\u3220-\u3247\u3250-\ua48c\ua490-\ua4c6\ua960-\ua97c\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe52\ufe54-\ufe66\ufe68-\ufe6b\uff01-\uff60\uffe0-\uffe6\u{16fe0}-\u{16fe4}\u{16ff0}-\u{16ff6}\u{17000}-\u{18cda}\u{18cff}-\u{18d20}\u{18d80}-\u{18df2}\u{18e00}-\u{19191}\u{191a0}-\u{191d2}\u{1aff0}-\u{1aff3}\u{1aff5}-\u{1affb}\u{1affd}-\u{1affe}\u{1b000}-\u{1b128}\u{1b132}\u{1b150}-\u{1b152}\u{1b155}\u{1b164}-\u{1b168}\u{1b170}-\u{1b2fb}\u{1d300}-\u{1d356}\u{1d360}-\u{1d376}\u{1f004}\u{1f0cf}\u{1f18e}\u{1f191}-\u{1f19a}\u{1f1ae}\u{1f200}-\u{1f202}\u{1f210}-\u{1f23b}\u{1f240}-\u{1f248}\u{1f250}-\u{1f251}\u{1f260}-\u{1f265}\u{1f300}-\u{1f320}\u{1f32d}-\u{1f335}\u{1f337}-\u{1f37c}\u{1f37e}-\u{1f393}\u{1f3a0}-\u{1f3ca}\u{1f3cf}-\u{1f3d3}\u{1f3e0}-\u{1f3f0}\u{1f3f4}\u{1f3f8}-\u{1f43e}\u{1f440}\u{1f442}-\u{1f4fc}\u{1f4ff}-\u{1f53d}\u{1f54b}-\u{1f54e}\u{1f550}-\u{1f567}\u{1f57a}\u{1f595}-\u{1f596}\u{1f5a4}\u{1f5fb}-\u{1f64f}\u{1f680}-\u{1f6c5}\u{1f6cc}\u{1f6d0}-\u{1f6d2}\u{1f6d5}-\u{1f6d9}\u{1f6dc}-\u{1f6df}\u{1f6eb}-\u{1f6ec}\u{1f6f4}-\u{1f6fc}\u{1f7da}\u{1f7e0}-\u{1f7eb}\u{1f7f0}\u{1f90c}-\u{1f93a}\u{1f93c}-\u{1f945}\u{1f947}-\u{1f9ff}\u{1fa70}-\u{1fa7c}\u{1fa80}-\u{1fac6}\u{1fac8}\u{1facc}-\u{1fadd}\u{1fadf}-\u{1faeb}\u{1faef}-\u{1fafa}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}]/u;

/** Columns one code point takes on its own. */
export function charWidth(ch: string): number {
  // ASCII (most of any text, even among emoji) is one column: no regex needed.
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return 1;
  if (ZERO_WIDTH.test(ch)) return 0;
  return WIDE.test(ch) ? 2 : 1;
}

// Only these make several code points draw as one cell pair: ZWJ sequences, VS16 ("⚠️"), keycaps,
// flags, skin tones, tag sequences. Text without them is measured code point by code point (fast).
// Decomposed Hangul (macOS file names) joins leading + vowel (+ trailing) jamo into one syllable.
// eslint-disable-next-line no-misleading-character-class -- looks for any one of these code points
const NEEDS_CLUSTERS = /[\u200d\ufe0f\u20e3\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}\u1100-\u115f\ua960-\ua97c]/u;
// Built at run time: TypeScript's ES2022 target does not know the "v" flag Node has had since 20.
const RGI_EMOJI = new RegExp("^\\p{RGI_Emoji}$", "v");
const KEYCAP = /^[\d#*]\u20e3$/;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
const LEADING_JAMO = /[\u1100-\u115f\ua960-\ua97c]/u;
const VOWEL_JAMO = /[\u1160-\u11a7\ud7b0-\ud7c6]/u;
const TRAILING_JAMO = /[\u11a8-\u11ff\ud7cb-\ud7fb]/u;
let segmenter: Intl.Segmenter | undefined;

// Clusters repeat (the letters and emoji of one text): each is measured once (bounded; cleared when full).
const clusterWidths = new Map<string, number>();

function clusterWidth(cluster: string): number {
  if (cluster.length === 1 && cluster.charCodeAt(0) < 0x80) return 1;
  let width = clusterWidths.get(cluster);
  if (width === undefined) {
    if (clusterWidths.size >= 4096) clusterWidths.clear();
    width = measureCluster(cluster);
    clusterWidths.set(cluster, width);
  }
  return width;
}

function measureCluster(cluster: string): number {
  if (RGI_EMOJI.test(cluster) || KEYCAP.test(cluster)) return 2;
  if (cluster.includes("\u200d") && (cluster.match(PICTOGRAPHIC)?.length ?? 0) >= 2) return 2;
  const chars = [...cluster];
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    if (LEADING_JAMO.test(chars[i]) && VOWEL_JAMO.test(chars[i + 1] ?? "")) {
      width += 2;
      i += TRAILING_JAMO.test(chars[i + 2] ?? "") ? 2 : 1;
    } else width += charWidth(chars[i]);
  }
  return width;
}

/**
 * Code units looked at per step. Units are produced lazily, one piece at a time, so a caller that
 * stops after a row's worth of columns never pays for the rest of a 200 KB tool result.
 */
const PIECE = 256;

/** Code points with their widths; marks and other zero-width code points stay with the one before. */
function* codePoints(text: string, from: number, to: number): Generator<[string, number]> {
  let unit = "";
  let width = 0;
  for (let i = from; i < to; ) {
    const code = text.codePointAt(i) ?? 0;
    const ch = code > 0xffff ? text.slice(i, i + 2) : text[i];
    i += ch.length;
    const w = charWidth(ch);
    if (w === 0 && unit !== "") {
      unit += ch;
      continue;
    }
    if (unit !== "") yield [unit, width];
    unit = ch;
    width = w;
  }
  if (unit !== "") yield [unit, width];
}

/**
 * The drawable units of `text` (a string, or a string given in pieces) with their widths: grapheme
 * clusters where they matter, else code points. Lazy: each piece is segmented only when reached.
 */
function* units(text: string | Iterable<string>): Generator<[string, number]> {
  if (typeof text !== "string") {
    for (const piece of text) yield* units(piece);
    return;
  }
  let at = 0;
  let size = PIECE;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    // Never split a surrogate pair.
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    textWork.measured += end - at;
    const piece = text.slice(at, end);
    const last = end >= text.length;
    if (!NEEDS_CLUSTERS.test(piece)) {
      // The last code point may start a cluster the next piece finishes: it goes with the next piece.
      let stop = end;
      if (!last) {
        // (with the marks after it)
        stop = end - 1;
        while (stop > at && (ZERO_WIDTH.test(text[stop]) || (text.charCodeAt(stop) & 0xfc00) === 0xdc00)) stop--;
        if (stop <= at) stop = end;
      }
      yield* codePoints(text, at, stop);
      at = stop;
      size = PIECE;
      continue;
    }
    segmenter ??= new Intl.Segmenter();
    let next = at;
    let pending: { segment: string; index: number } | undefined;
    for (const seg of segmenter.segment(piece)) {
      if (pending) yield [pending.segment, clusterWidth(pending.segment)];
      pending = seg;
    }
    if (pending === undefined) break;
    if (last || pending.index > 0) {
      // The last cluster may continue in the next piece: it is segmented again with it.
      if (last) yield [pending.segment, clusterWidth(pending.segment)];
      next = last ? end : at + pending.index;
      size = PIECE;
    } else {
      // One cluster longer than the piece: look at a longer piece.
      size *= 4;
    }
    at = next;
  }
}

// One column per UTF-16 code unit: printable ASCII and the narrow symbols tree rows are made of
// (Latin letters, punctuation such as • and …, arrows, control pictures such as ␛, box drawing,
// blocks, geometric shapes up to U+25FC), none of them wide, zero-width or part of a cluster (here
// or in string-width). Such text is measured by its length, without walking it unit by unit.
const SINGLE_COLUMN = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2400-\u243f\u2500-\u25fc]*$/;
const plainPrefix = (text: string, length: number): boolean => SINGLE_COLUMN.test(length >= text.length ? text : text.slice(0, length));

/** Columns a string takes (all of it: callers pass what they draw, see widthUpTo for the rest). */
export function displayWidth(text: string): number {
  if (SINGLE_COLUMN.test(text)) return text.length;
  let width = 0;
  for (const [, w] of units(text)) width += w;
  return width;
}

/** Columns `text` takes when at most `limit`; else some number above `limit` (the rest is not measured). */
export function widthUpTo(text: string, limit: number): number {
  if (plainPrefix(text, limit + 1)) return Math.min(text.length, limit + 1);
  let width = 0;
  for (const [, w] of units(text)) {
    width += w;
    if (width > limit) break;
  }
  return width;
}

/** The part of `text` that fits in `[start, start + width)` columns; a wide char cut in half is dropped. */
export function sliceColumns(text: string, start: number, width: number): string {
  // One more than the slice: a mark after the last column belongs to it.
  if (plainPrefix(text, start + width + 1)) return text.slice(start, start + width);
  let col = 0;
  let out = "";
  const end = start + width;
  for (const [unit, w] of units(text)) {
    if (col >= end) break;
    if (col >= start && col + w <= end) out += unit;
    col += w;
  }
  return out;
}

/** `text` cut to `width` columns, ending in "…" when it was cut; looks at no more than it keeps. */
export function truncateToWidth(text: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (plainPrefix(text, width + 1)) return text.length <= width ? text : text.slice(0, Math.max(0, width - displayWidth(ellipsis))) + ellipsis;
  const room = width - displayWidth(ellipsis);
  let col = 0;
  let kept = "";
  for (const [unit, w] of units(text)) {
    if (col + w > width) return kept + ellipsis;
    if (col < room && col + w <= room) kept += unit;
    col += w;
  }
  return text;
}

/** `text` padded with spaces to exactly `width` columns (cut when longer). */
export function padToWidth(text: string, width: number): string {
  const cut = sliceColumns(text, 0, width);
  return cut + " ".repeat(Math.max(0, width - displayWidth(cut)));
}

/**
 * Wraps text (with newlines; a string or a string in pieces) to `width` columns, one line at a time and only as far as the caller
 * reads: it breaks at spaces when a word fits, hard-breaks words longer than a line, and trims the
 * spaces a line ends with. Linear in what it reads: tool output can be one 3 MB "word".
 */
export function* wrapLines(text: string | Iterable<string>, width: number): Generator<string> {
  if (width <= 0) return;
  let line = "";
  let lineWidth = 0;
  // The word being read (up to and including its one trailing space) and its width.
  let word = "";
  let wordWidth = 0;
  // Once a word is wider than a line it is hard-broken as it is read: `word` holds its open piece.
  let breaking = false;
  const out: string[] = [];
  const endWord = () => {
    if (word === "") return;
    if (breaking) {
      line = word;
      lineWidth = wordWidth;
    } else {
      const bare = word.endsWith(" ") ? wordWidth - 1 : wordWidth;
      if (lineWidth + bare <= width) {
        line += word;
        lineWidth += wordWidth;
      } else {
        if (line !== "") out.push(line.trimEnd());
        line = word;
        lineWidth = wordWidth;
      }
    }
    word = "";
    wordWidth = 0;
    breaking = false;
  };
  const feed = (unit: string, w: number) => {
    if (unit === "\n") {
      endWord();
      out.push(line.trimEnd());
      line = "";
      lineWidth = 0;
    } else if (breaking) {
      if (wordWidth + w > width && word !== "") {
        out.push(word);
        word = "";
        wordWidth = 0;
      }
      word += unit;
      wordWidth += w;
      if (unit === " ") endWord();
    } else {
      word += unit;
      wordWidth += w;
      if (unit === " ") endWord();
      else if (wordWidth > width) {
        // Too long for any line: the line so far ends, and the word is cut into pieces of `width`.
        if (line !== "") out.push(line.trimEnd());
        line = "";
        lineWidth = 0;
        const pieces = hardBreak(word, width);
        for (let i = 0; i < pieces.length - 1; i++) out.push(pieces[i]);
        word = pieces[pieces.length - 1] ?? "";
        wordWidth = displayWidth(word);
        breaking = true;
      }
    }
  };
  for (const [unit, w] of units(text)) {
    // A space that a joiner or mark clings to still ends a word.
    if (unit.length > 1 && unit[0] === " ") {
      feed(" ", 1);
      feed(unit.slice(1), Math.max(0, w - 1));
    } else feed(unit, w);
    if (out.length > 0) {
      yield* out;
      out.length = 0;
    }
  }
  endWord();
  yield* out;
  yield line.trimEnd();
}

/** Cut a (short) word into pieces of at most `width` columns; a unit wider than the line gets its own. */
function hardBreak(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let pieceWidth = 0;
  for (const [unit, w] of units(word)) {
    if (pieceWidth + w > width && piece !== "") {
      pieces.push(piece);
      piece = "";
      pieceWidth = 0;
    }
    piece += unit;
    pieceWidth += w;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/** Wrap one paragraph (no newlines) to `width` columns: every line (for short texts; panes use wrapLines). */
export function wrapParagraph(text: string, width: number): string[] {
  return [...wrapLines(text, width)];
}

/** Wrap text with newlines into lines of at most `width` columns (every line: for short texts). */
export function wrapText(text: string, width: number): string[] {
  return [...wrapLines(text, width)];
}
