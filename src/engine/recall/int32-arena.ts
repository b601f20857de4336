// Per-query scratch for the arrays a phrase query decodes (postings, positions, per-doc tables):
// one buffer kept from query to query and handed out in slices. Each new array of a query over
// the 1 GB bench folder was megabytes of fresh memory, and faulting its pages in cost more than
// decoding into it (a few hundred page faults a phrase query on this virtual machine).

/** The most kept between queries (64 MiB): a query needing more allocates what it needs, as before. */
const KEEP_MAX = 16 * 1024 * 1024;

/** Slices that stay valid until the next reset(); a larger buffer replaces the kept one when a query needs more. */
export class Int32Arena {
  private buffer = new Int32Array(0);
  private used = 0;
  /** What the queries since the last reset took in all (the next buffer's size). */
  private wanted = 0;

  /** Everything handed out is free again: the next query's slices reuse the same memory. */
  reset(): void {
    if (this.wanted > this.buffer.length && this.wanted <= KEEP_MAX) this.buffer = new Int32Array(this.wanted);
    this.used = 0;
    this.wanted = 0;
  }

  /** `n` ints, zeroed when `zeroed` (else as the last query left them). */
  take(n: number, zeroed: boolean): Int32Array {
    this.wanted += n;
    if (this.used + n > this.buffer.length) return new Int32Array(n);
    const slice = this.buffer.subarray(this.used, this.used + n);
    this.used += n;
    if (zeroed) slice.fill(0);
    return slice;
  }
}
