// Postings of a TermTable without growing a list per term: each doc's (term id, tf) pairs are
// appended to one log, and the per-term lists are laid out once, in a single Int32Array, by a
// counting sort over the log. Measured on synth-50mb against a plain array per term grown by
// push: less time and almost no garbage (a typed pool of linked cells per term was slower still:
// its final walk over scattered cells costs more than it saves).

// Small first sizes: the log grows during the first docs, before the scan is optimized
// (see term-table.ts).
const INITIAL_TERMS = 1 << 6;
const INITIAL_PAIRS = 1 << 7;

/**
 * Where each word of the open doc stands (its ordinal among the doc's words), as (term id,
 * position) pairs in text order; kept only by a table that records positions.
 */
export interface OpenPositions {
  pairs: Int32Array;
  count: number;
  /** The position the doc's next word gets (words too long to index take one too). */
  next: number;
}

export class PostingsLog {
  /** Docs containing each term id so far. */
  private df = new Int32Array(INITIAL_TERMS);
  /** (term id, tf) pairs, doc after doc; `docMarks` holds (doc, end of its pairs) per doc. */
  private log = new Int32Array(2 * INITIAL_PAIRS);
  private logLength = 0;
  private docMarks: number[] = [];
  /**
   * With positions: each doc's word positions grouped by term, in the order of its pairs in `log`
   * (a term's tf positions, ascending); `posMarks` holds where each doc's positions end.
   */
  private posLog = new Int32Array(INITIAL_PAIRS);
  private posLength = 0;
  private posMarks: number[] = [];
  /** Scratch per term id: where the open doc's next position of that term goes. */
  private cursor = new Int32Array(INITIAL_TERMS);

  /** Appends doc `doc`'s pairs for the first `count` ids of `touched` and zeroes their `tf`; `positions`, when kept, go with them. */
  append(doc: number, touched: Int32Array, count: number, tf: Int32Array, positions?: OpenPositions): void {
    if (positions) this.appendPositions(touched, count, tf, positions);
    if (this.logLength + 2 * count > this.log.length) {
      const grown = new Int32Array(Math.max(this.log.length * 2, this.logLength + 2 * count));
      grown.set(this.log.subarray(0, this.logLength));
      this.log = grown;
    }
    if (tf.length > this.df.length) {
      const grown = new Int32Array(tf.length);
      grown.set(this.df);
      this.df = grown;
    }
    const { df, log } = this;
    let at = this.logLength;
    for (let k = 0; k < count; k++) {
      const id = touched[k];
      log[at++] = id;
      log[at++] = tf[id];
      tf[id] = 0;
      df[id]++;
    }
    this.logLength = at;
    this.docMarks.push(doc, at);
  }

  /** The open doc's positions grouped by term (in `touched` order) onto the end of `posLog`. */
  private appendPositions(touched: Int32Array, count: number, tf: Int32Array, positions: OpenPositions): void {
    if (this.posLength + positions.count > this.posLog.length) {
      const grown = new Int32Array(Math.max(this.posLog.length * 2, this.posLength + positions.count));
      grown.set(this.posLog.subarray(0, this.posLength));
      this.posLog = grown;
    }
    if (tf.length > this.cursor.length) this.cursor = new Int32Array(tf.length);
    const cursor = this.cursor;
    let at = this.posLength;
    for (let k = 0; k < count; k++) {
      const id = touched[k];
      cursor[id] = at;
      at += tf[id];
    }
    const { pairs } = positions;
    const posLog = this.posLog;
    for (let j = 0; j < 2 * positions.count; j += 2) posLog[cursor[pairs[j]]++] = pairs[j + 1];
    this.posLength = at;
    this.posMarks.push(at);
    positions.count = 0;
    positions.next = 0;
  }

  /**
   * Takes the pairs of `doc` back out when it is the last doc appended, restoring its counts to
   * `tf` and its ids to `touched`; returns how many ids it restored (0 for any other doc). Only
   * for a log without positions (the in-memory index reads lists between texts of one doc; the
   * cross-session index never does).
   */
  reopen(doc: number, touched: Int32Array, tf: Int32Array): number {
    const marks = this.docMarks;
    if (marks.length === 0 || marks[marks.length - 2] !== doc) return 0;
    if (this.posMarks.length) throw new Error("postings log: a doc with positions cannot be reopened");
    const start = marks.length > 2 ? marks[marks.length - 3] : 0;
    let count = 0;
    for (let at = start; at < this.logLength; at += 2) {
      const id = this.log[at];
      tf[id] = this.log[at + 1];
      touched[count++] = id;
      this.df[id]--;
    }
    this.logLength = start;
    marks.length -= 2;
    return count;
  }

  /** Counting sort of the log by term id: every list a view into one buffer, docs ascending. */
  layOut(terms: number): Int32Array[] {
    const offsets = new Int32Array(terms + 1);
    for (let id = 0; id < terms; id++) offsets[id + 1] = offsets[id] + 2 * (this.df[id] ?? 0);
    const buffer = new Int32Array(offsets[terms]);
    const cursor = offsets.slice(0, terms);
    const { log, docMarks } = this;
    let at = 0;
    for (let m = 0; m < docMarks.length; m += 2) {
      const doc = docMarks[m];
      const end = docMarks[m + 1];
      for (; at < end; at += 2) {
        const id = log[at];
        const c = cursor[id];
        buffer[c] = doc;
        buffer[c + 1] = log[at + 1];
        cursor[id] = c + 2;
      }
    }
    const lists: Int32Array[] = [];
    for (let id = 0; id < terms; id++) lists.push(buffer.subarray(offsets[id], offsets[id + 1]));
    return lists;
  }

  /** Positions per term id, every doc's (in the order of `layOut`'s lists: docs ascending, each doc's tf of them) back to back. */
  layOutPositions(terms: number): Int32Array[] {
    const { log, docMarks, posLog, posMarks } = this;
    const offsets = new Int32Array(terms + 1);
    for (let at = 0; at < this.logLength; at += 2) offsets[log[at] + 1] += log[at + 1];
    for (let id = 0; id < terms; id++) offsets[id + 1] += offsets[id];
    const buffer = new Int32Array(offsets[terms]);
    const cursor = offsets.slice(0, terms);
    let at = 0;
    let pos = 0;
    for (let m = 0; m < docMarks.length; m += 2) {
      const end = docMarks[m + 1];
      for (; at < end; at += 2) {
        const id = log[at];
        const n = log[at + 1];
        let c = cursor[id];
        for (let k = 0; k < n; k++) buffer[c++] = posLog[pos++];
        cursor[id] = c;
      }
      if (pos !== posMarks[m >> 1]) throw new Error("postings log: positions out of step with their docs");
    }
    const lists: Int32Array[] = [];
    for (let id = 0; id < terms; id++) lists.push(buffer.subarray(offsets[id], offsets[id + 1]));
    return lists;
  }
}
