// Unsigned LEB128 varints, as the index's blobs hold them (postings rows, term id lists): seven
// bits a byte, low bits first, the high bit set on every byte but the last.

/** Bytes `v` (0 to 2^53) takes. */
export function varintLength(v: number): number {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/** Writes `v` at out[at…]; returns where the next byte goes. */
export function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 128);
  }
  out[at++] = v;
  return at;
}
