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
export const reversedPath = (path: string): string => [...normalizePath(path)].reverse().join("");
