// The best k of many scored docs without sorting them all: a bounded heap whose root is the
// weakest kept entry. Order: higher score first, equal scores by lower doc id (chronological).

export interface ScoredDoc {
  doc: number;
  score: number;
}

/** Where a doc stands among equal scores (lower first); by default its id. */
export type TieOrder = (doc: number) => number;
const byId: TieOrder = (doc) => doc;

/** Whether doc `a` (score `aScore`) ranks above doc `b`: a higher score, or an equal one earlier in the tie order. */
export const ranksAbove = (a: number, aScore: number, b: number, bScore: number, tie: TieOrder = byId): boolean => aScore > bScore || (aScore === bScore && tie(a) < tie(b));

export class TopK {
  private readonly heap: ScoredDoc[] = [];
  constructor(
    private readonly k: number,
    private readonly tie: TieOrder = byId,
  ) {}

  private weaker(a: ScoredDoc, b: ScoredDoc): boolean {
    return ranksAbove(b.doc, b.score, a.doc, a.score, this.tie);
  }

  offer(doc: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ doc, score });
      this.up(heap.length - 1);
    } else if (this.k > 0 && this.weaker(heap[0], { doc, score })) {
      heap[0] = { doc, score };
      this.down(0);
    }
  }

  /** Kept entries, best first. */
  sorted(): ScoredDoc[] {
    return [...this.heap].sort((a, b) => b.score - a.score || this.tie(a.doc) - this.tie(b.doc));
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.weaker(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && this.weaker(heap[l], heap[m])) m = l;
      if (r < heap.length && this.weaker(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
}
