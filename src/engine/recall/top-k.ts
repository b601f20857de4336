// The best k of many scored docs without sorting them all: a bounded heap whose root is the
// weakest kept entry. Order: higher score first, equal scores by lower doc id (chronological).

export interface ScoredDoc {
  doc: number;
  score: number;
}

const weaker = (a: ScoredDoc, b: ScoredDoc): boolean => a.score < b.score || (a.score === b.score && a.doc > b.doc);

export class TopK {
  private readonly heap: ScoredDoc[] = [];
  constructor(private readonly k: number) {}

  offer(doc: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ doc, score });
      this.up(heap.length - 1);
    } else if (this.k > 0 && weaker(heap[0], { doc, score })) {
      heap[0] = { doc, score };
      this.down(0);
    }
  }

  /** Kept entries, best first. */
  sorted(): ScoredDoc[] {
    return [...this.heap].sort((a, b) => b.score - a.score || a.doc - b.doc);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!weaker(heap[i], heap[parent])) break;
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
      if (l < heap.length && weaker(heap[l], heap[m])) m = l;
      if (r < heap.length && weaker(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
}
