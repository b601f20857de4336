// Reading UTF-8 bytes for the index's word scan (term-table.ts): code points of multi-byte
// sequences, and the checks and copies the scan needs without making strings.

/** The pooled (lower-case) term at `at` equals the ASCII bytes[start, end) with capitals folded. */
export function samePoolBytes(pool: Uint8Array, at: number, bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    let c = bytes[k];
    if (c >= 65 && c <= 90) c |= 32;
    if (pool[at++] !== c) return false;
  }
  return true;
}

export function asciiLower(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  for (let k = start; k < end; k++) {
    const c = bytes[k];
    out += String.fromCharCode(c >= 65 && c <= 90 ? c | 32 : c);
  }
  return out;
}

export const utf8Length = (lead: number): number => (lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);

/** The code point of the (well-formed) UTF-8 sequence starting at bytes[i] with lead byte `lead`. */
export function codePointAt(bytes: Uint8Array, i: number, lead: number): number {
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
  return ((lead & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
}

/** U+FFFD in the bytes: the text had one, or a lone surrogate that encoding replaced. */
export function hasReplacementBytes(bytes: Uint8Array, n: number): boolean {
  const text = bytes.subarray(0, n);
  for (let k = text.indexOf(0xef); k >= 0 && k + 2 < n; k = text.indexOf(0xef, k + 1)) {
    if (text[k + 1] === 0xbf && text[k + 2] === 0xbd) return true;
  }
  return false;
}
