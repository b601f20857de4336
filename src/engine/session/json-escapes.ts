// Whether a JSON line's \u escapes all stand for ASCII chars. Such a line, read as latin1 (its
// UTF-8 bytes one char each), parses to the same structure as the decoded line, each string the
// UTF-8 bytes of the real one (recall/latin1-entry.ts); an escape of a char past ASCII (pi writes
// them only for lone surrogates) would parse to a char that is no byte.
import { asBuffer } from "./decode.js";

const BACKSLASH = 0x5c;

const hexValue = (b: number): number => (b >= 48 && b <= 57 ? b - 48 : b >= 97 && b <= 102 ? b - 87 : b >= 65 && b <= 70 ? b - 55 : -1);

/** Whether bytes [from, to) hold no \u escape of a char past U+007F. */
export function escapesOnlyAscii(bytes: Uint8Array, from: number, to: number): boolean {
  const line = asBuffer(bytes).subarray(from, to);
  // "\u" is rare in a line (control chars of terminal output); Buffer's indexOf finds it natively.
  for (let at = line.indexOf("\\u"); at !== -1; at = line.indexOf("\\u", at + 1)) {
    // An escape only when the backslash is not itself escaped: an odd run of backslashes ends at it.
    let run = 1;
    while (at - run >= 0 && line[at - run] === BACKSLASH) run++;
    if (run % 2 === 0) continue;
    const h0 = hexValue(line[at + 2]);
    const h1 = hexValue(line[at + 3]);
    const h2 = hexValue(line[at + 4]);
    const h3 = hexValue(line[at + 5]);
    // Not four hex digits (or cut short): JSON.parse rejects the line whichever way it is read.
    if (h0 < 0 || h1 < 0 || h2 < 0 || h3 < 0) continue;
    if (h0 !== 0 || h1 !== 0 || h2 > 7) return false;
  }
  return true;
}
