// Words of a text as the index sees them: runs of letters and digits, lower-cased.
// Underscores and punctuation separate words (as SQLite FTS5's unicode61 does), so
// `file_path` and `src/a.ts` are found by their parts. A hand-written scanner: this runs over
// every indexed character, and a Unicode-property regex is several times slower on ASCII text.

/** Words longer than this are not indexed (base64 blobs, hashes) to keep the dictionary small. */
export const MAX_TERM_LENGTH = 64;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Whether text[i] (char code `code`) is part of a word; a lone surrogate is not (it is no character, and SQLite cannot store it). */
export function isWordCode(text: string, i: number, code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  if (isHigh(code)) return isLow(text.charCodeAt(i + 1)) && WORD_CHAR.test(text.slice(i, i + 2));
  if (isLow(code)) return isHigh(text.charCodeAt(i - 1)) && WORD_CHAR.test(text.slice(i - 1, i + 1));
  return WORD_CHAR.test(text[i]);
}

/** Word-ness of BMP code points, learned as they are met: 0 unknown, 1 word, 2 not. */
const bmpWordness = new Uint8Array(0x10000);

/** Whether a (non-surrogate) code point is a letter, digit or mark: isWordCode by code point. */
export function isWordPoint(point: number): boolean {
  if (point < 128) return (point >= 97 && point <= 122) || (point >= 65 && point <= 90) || (point >= 48 && point <= 57);
  if (point > 0xffff) return WORD_CHAR.test(String.fromCodePoint(point));
  let known = bmpWordness[point];
  if (known === 0) bmpWordness[point] = known = WORD_CHAR.test(String.fromCharCode(point)) ? 1 : 2;
  return known === 1;
}

/**
 * The term of a word that holds a char past ASCII: lower-cased, then composed (NFC), so that the
 * same word in either canonical form (macOS and some tools write decomposed text, "e" + U+0301 or
 * Hangul as jamo, which looks the same as what a user types) is one term. Every path from a word
 * to a term goes through here: the query tokenizer, the per-session index (term-table.ts) and the
 * cross-session word counter (word-rows.ts).
 */
export function foldTerm(word: string): string {
  return word.toLowerCase().normalize("NFC");
}

/** Calls `visit(term, start, end)` for every word of `text`, in order, until it returns true. */
export function forEachToken(text: string, visit: (term: string, start: number, end: number) => boolean | void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let code = text.charCodeAt(i);
    if (!isWordCode(text, i, code)) {
      i++;
      continue;
    }
    const start = i;
    let upper = false;
    let ascii = true;
    while (i < n) {
      code = text.charCodeAt(i);
      if (code < 128) {
        if (code >= 97 && code <= 122) i++;
        else if (code >= 48 && code <= 57) i++;
        else if (code >= 65 && code <= 90) {
          upper = true;
          i++;
        } else break;
      } else if (isWordCode(text, i, code)) {
        ascii = false;
        i++;
      } else break;
    }
    if (i - start <= MAX_TERM_LENGTH) {
      const raw = text.slice(start, i);
      const term = ascii ? (upper ? raw.toLowerCase() : raw) : foldTerm(raw);
      if (visit(term, start, i) === true) return;
    }
  }
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachToken(text, (t) => {
    out.push(t);
  });
  return out;
}

export interface TokenAt {
  term: string;
  start: number;
  end: number;
}

/** Tokens with their offsets, for snippets and phrase checks (only run on displayed docs). */
export function tokenizeWithOffsets(text: string): TokenAt[] {
  const out: TokenAt[] = [];
  forEachToken(text, (term, start, end) => {
    out.push({ term, start, end });
  });
  return out;
}

