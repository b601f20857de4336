// A sorted list of ids as one blob (unsigned varint deltas): the terms a session file holds
// postings for, kept per file instead of an index over every postings row; the docs of a segment
// that name a tool or a path.
import { writeVarint } from "./varint.js";

export function encodeTermIds(ids: readonly number[]): Uint8Array {
  const out = new Uint8Array(ids.length * 5);
  let o = 0;
  let prev = 0;
  for (const id of ids) {
    o = writeVarint(out, o, id - prev);
    prev = id;
  }
  return out.slice(0, o);
}

export function decodeTermIds(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let prev = 0;
  let v = 0;
  let shift = 0;
  for (const b of bytes) {
    v += (b & 0x7f) * 2 ** shift;
    if (b >= 0x80) {
      shift += 7;
      continue;
    }
    prev += v;
    out.push(prev);
    v = 0;
    shift = 0;
  }
  return out;
}

/** The union of two ascending lists without repeats, ascending. */
export function unionSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out.length === 0 || out[out.length - 1] !== x) out.push(x);
  }
  return out;
}
