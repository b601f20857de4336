// Byte rows written one varint at a time, many rows at once, in any order between rows: each row
// (a chain) is a list of blocks in one shared arena, and the rows are joined back to back only
// when asked for. The cross-session index's postings and positions are written this way as the
// words are scanned (term-table.ts), instead of logging (term, doc, position) numbers, sorting
// them by term and encoding them at the end: each number is touched once, as the byte it becomes.
import type { PackedBytes } from "./cross-postings.js";

/** A new chain's first block; each next one is twice as large, up to MAX_BLOCK. */
const FIRST_BLOCK = 16;
const MAX_BLOCK = 1 << 13;
/** Bytes of the longest varint (a 32-bit value): a block with fewer left is closed. */
const VARINT_MAX = 5;
/** Shorter blocks are copied byte by byte when joined (a subarray costs more than the loop). */
const COPY_LOOP_MAX = 64;
/** A released arena up to this size is kept for the next chains (the rows of a 20 MB session take about 4 MB; a process that built an index keeps it). */
const SPARE_MAX = 8 * 1024 * 1024;

/**
 * The arena of the last chains released (packed for good), for the next ones: a build makes chains
 * for every file it reads, and an arena grown anew for each (doubling, copied at each step) is
 * fresh memory whose pages fault in one by one. Bytes left in it from before are never read: a
 * chain reads only what it wrote.
 */
let spareArena: Uint8Array | null = null;

export class VarintChains {
  private arena: Uint8Array;
  private used = 0;
  /** Per chain: where its next byte goes and where its open block ends (both 0: no block yet). */
  private at: Int32Array;
  private end: Int32Array;
  /** Per chain: its first and its open block (-1: none). */
  private firstBlock: Int32Array;
  private lastBlock: Int32Array;
  /** Per block: where it starts, its length once closed, and the chain's next block (-1: none). */
  private blockStart = new Int32Array(64);
  private blockLength = new Int32Array(64);
  private blockNext = new Int32Array(64);
  private blocks = 0;

  constructor(chains = 64) {
    this.arena = spareArena ?? new Uint8Array(1 << 12);
    spareArena = null;
    this.at = new Int32Array(chains);
    this.end = new Int32Array(chains);
    this.firstBlock = new Int32Array(chains).fill(-1);
    this.lastBlock = new Int32Array(chains).fill(-1);
  }

  /** Room for chains [0, chains). */
  reserve(chains: number): void {
    if (chains <= this.at.length) return;
    const size = Math.max(chains, 2 * this.at.length);
    this.at = grown(this.at, size, 0);
    this.end = grown(this.end, size, 0);
    this.firstBlock = grown(this.firstBlock, size, -1);
    this.lastBlock = grown(this.lastBlock, size, -1);
  }

  /** Appends `value` (0 to 2^32 - 1) to chain `chain` as an unsigned LEB128 varint. */
  write(chain: number, value: number): void {
    let w = this.at[chain];
    if (this.end[chain] - w < VARINT_MAX) w = this.openBlock(chain);
    const arena = this.arena;
    let v = value >>> 0;
    while (v >= 0x80) {
      arena[w++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    arena[w++] = v;
    this.at[chain] = w;
  }

  /** Bytes written to chain `chain` so far. */
  lengthOf(chain: number): number {
    let n = 0;
    const last = this.lastBlock[chain];
    for (let b = this.firstBlock[chain]; b !== -1; b = this.blockNext[b]) n += b === last ? this.at[chain] - this.blockStart[b] : this.blockLength[b];
    return n;
  }

  /** Chains `first`, `first + step`, … (`count` of them) joined back to back, with where each ends. */
  pack(first: number, step: number, count: number): PackedBytes {
    let total = 0;
    for (let k = 0; k < count; k++) total += this.lengthOf(first + k * step);
    const bytes = new Uint8Array(total);
    const ends = new Int32Array(count);
    const { arena, blockStart, blockLength, blockNext } = this;
    let o = 0;
    for (let k = 0; k < count; k++) {
      const chain = first + k * step;
      const last = this.lastBlock[chain];
      for (let b = this.firstBlock[chain]; b !== -1; b = blockNext[b]) {
        const s = blockStart[b];
        const n = b === last ? this.at[chain] - s : blockLength[b];
        if (n <= COPY_LOOP_MAX) for (let j = 0; j < n; j++) bytes[o++] = arena[s + j];
        else {
          bytes.set(arena.subarray(s, s + n), o);
          o += n;
        }
      }
      ends[k] = o;
    }
    return { bytes, ends };
  }

  /** Done with these chains (no more writes or packs): their arena goes to the next chains made. */
  release(): void {
    if (this.arena.length <= SPARE_MAX && (spareArena === null || spareArena.length < this.arena.length)) spareArena = this.arena;
    this.arena = new Uint8Array(0);
    this.used = 0;
    this.blocks = 0;
    this.at.fill(0);
    this.end.fill(0);
    this.firstBlock.fill(-1);
    this.lastBlock.fill(-1);
  }

  /** Closes the chain's open block and opens the next (twice as large); returns where writing goes on. */
  private openBlock(chain: number): number {
    const last = this.lastBlock[chain];
    let size = FIRST_BLOCK;
    if (last !== -1) {
      const start = this.blockStart[last];
      this.blockLength[last] = this.at[chain] - start;
      size = Math.min(MAX_BLOCK, 2 * (this.end[chain] - start));
    }
    if (this.used + size > this.arena.length) {
      const arena = new Uint8Array(Math.max(2 * this.arena.length, this.used + size));
      arena.set(this.arena.subarray(0, this.used));
      this.arena = arena;
    }
    const b = this.blocks++;
    if (b === this.blockStart.length) {
      this.blockStart = grown(this.blockStart, 2 * b, 0);
      this.blockLength = grown(this.blockLength, 2 * b, 0);
      this.blockNext = grown(this.blockNext, 2 * b, 0);
    }
    const start = this.used;
    this.used += size;
    this.blockStart[b] = start;
    this.blockNext[b] = -1;
    if (last === -1) this.firstBlock[chain] = b;
    else this.blockNext[last] = b;
    this.lastBlock[chain] = b;
    this.end[chain] = start + size;
    this.at[chain] = start;
    return start;
  }
}

function grown(from: Int32Array, size: number, fill: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  if (fill !== 0) out.fill(fill, from.length);
  out.set(from);
  return out;
}
