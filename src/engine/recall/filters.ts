// role:, tool: and file: filters. Different keys must all hold; values of one key are alternatives.
import type { RecallDoc, RecallFilters } from "./types.js";

const normalizePath = (p: string): string => p.replace(/\\/g, "/").replace(/^\.\//, "");

/** `file:src/x.ts` matches `src/x.ts`, `./src/x.ts` and `/home/me/proj/src/x.ts`. */
export function fileMatches(path: string, wanted: string): boolean {
  const p = normalizePath(path);
  const w = normalizePath(wanted);
  return p === w || p.endsWith(`/${w}`);
}

export function passesFilters(doc: RecallDoc, f: RecallFilters): boolean {
  if (f.roles.length && !f.roles.includes(doc.role)) return false;
  if (f.tools.length && !doc.tools.some((t) => f.tools.includes(t))) return false;
  if (f.files.length && !doc.files.some((p) => f.files.some((w) => fileMatches(p, w)))) return false;
  return true;
}

/**
 * A path as the cross-session index keys it: normalized, then reversed by code point, so that
 * "ends with /wanted" becomes a prefix test an SQLite index can answer.
 */
export function reversedPath(path: string): string {
  // Code units written back to front, a surrogate pair kept in its order: the same string as
  // reversing the code points, without an array of one-character strings per path (the index
  // build reverses every path of every doc).
  const p = normalizePath(path);
  const n = p.length;
  const codes: number[] = new Array<number>(n);
  for (let i = 0, j = n - 1; i < n; i++, j--) {
    const c = p.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const low = p.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codes[j - 1] = c;
        codes[j] = low;
        i++;
        j--;
        continue;
      }
    }
    codes[j] = c;
  }
  let out = "";
  // fromCharCode takes its codes as arguments: a few thousand at a time.
  for (let k = 0; k < n; k += 4096) out += String.fromCharCode(...codes.slice(k, k + 4096));
  return out;
}
