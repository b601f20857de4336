// Column arithmetic for terminal text: wide (CJK, emoji) characters take two columns, combining marks
// none. Rows are cut to the terminal width here rather than by Ink's wrapping, so a row is always
// exactly one line and the frame height stays predictable.

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

function clusterWidth(cluster: string): number {
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

/** The drawable units of `text` with their widths: grapheme clusters where they matter, else code points. */
function* units(text: string): Generator<[string, number]> {
  if (!NEEDS_CLUSTERS.test(text)) {
    for (const ch of text) yield [ch, charWidth(ch)];
    return;
  }
  segmenter ??= new Intl.Segmenter();
  for (const { segment } of segmenter.segment(text)) yield [segment, clusterWidth(segment)];
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Columns a string takes. */
export function displayWidth(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length;
  let width = 0;
  for (const [, w] of units(text)) width += w;
  return width;
}

/** The part of `text` that fits in `[start, start + width)` columns; a wide char cut in half is dropped. */
export function sliceColumns(text: string, start: number, width: number): string {
  if (PLAIN_ASCII.test(text)) return text.slice(start, start + width);
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

/** `text` cut to `width` columns, ending in "…" when it was cut. */
export function truncateToWidth(text: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  return sliceColumns(text, 0, width - displayWidth(ellipsis)) + ellipsis;
}

/** `text` padded with spaces to exactly `width` columns (cut when longer). */
export function padToWidth(text: string, width: number): string {
  const cut = sliceColumns(text, 0, width);
  return cut + " ".repeat(Math.max(0, width - displayWidth(cut)));
}

/** Cut a word wider than a line into pieces of at most `width` columns, in one pass. */
function hardBreak(word: string, width: number): string[] {
  const pieces: string[] = [];
  if (PLAIN_ASCII.test(word)) {
    for (let at = 0; at < word.length; at += width) pieces.push(word.slice(at, at + width));
    return pieces;
  }
  let piece = "";
  let pieceWidth = 0;
  for (const [unit, w] of units(word)) {
    // A unit wider than the whole line still gets a line of its own.
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

/**
 * Wrap one paragraph (no newlines) to `width` columns, breaking at spaces when a word fits and
 * hard-breaking words longer than a line. Linear in the text: tool output can be one 3 MB "word".
 */
export function wrapParagraph(text: string, width: number): string[] {
  if (width <= 0) return [];
  if (text === "") return [""];
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  for (const word of text.split(/(?<= )/)) {
    const w = displayWidth(word);
    // A word's trailing space may hang past the edge; it is trimmed when the line ends.
    const bare = word.endsWith(" ") ? w - 1 : w;
    if (lineWidth + bare <= width) {
      line += word;
      lineWidth += w;
      continue;
    }
    if (line !== "") {
      lines.push(line.trimEnd());
      line = "";
      lineWidth = 0;
    }
    if (bare <= width) {
      line = word;
      lineWidth = w;
      continue;
    }
    const pieces = hardBreak(word, width);
    for (let i = 0; i < pieces.length - 1; i++) lines.push(pieces[i]);
    line = pieces[pieces.length - 1] ?? "";
    lineWidth = displayWidth(line);
  }
  lines.push(line.trimEnd());
  return lines;
}

/** Wrap text with newlines into lines of at most `width` columns. */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  // No spread: one long paragraph wraps into more lines than a call takes arguments.
  for (const paragraph of text.split("\n")) for (const line of wrapParagraph(paragraph, width)) out.push(line);
  return out;
}
