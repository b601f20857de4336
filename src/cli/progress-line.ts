// The progress line a long command shows on stderr (`recall --all` building its index, `list` reading
// every session): nothing for work that ends within 300 ms, then how far it got and the time left,
// at most a few times a second (rewritten in place on a terminal, one line each second otherwise).
import type { UpdateProgress } from "../engine/store/recall-cache.js";

const QUIET_MS = 300;
const TTY_EVERY_MS = 100;
const LINE_EVERY_MS = 1000;

const mb = (bytes: number): string => (bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1);
const timeLeft = (seconds: number): string => (seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${Math.ceil(seconds)} s`);

/**
 * `recall --all` building its index: a text for each report, null once every file is done. The
 * rate is the one since the report before: a build starts slowly (its workers start, their first
 * files run before the code is optimized, and the first commit waits for them), so the rate since
 * the start put the time left at five times the real one on the bench folder (32 s, 6.5 s left).
 * The first report says no rate or time left.
 */
export function indexProgressTexts(): (p: UpdateProgress, elapsedMs: number) => string | null {
  let last: { bytes: number; ms: number } | null = null;
  return (p, elapsedMs) => {
    if (p.files === p.totalFiles) return null;
    const done = `recall: indexing sessions ${p.files}/${p.totalFiles}, ${mb(p.bytes)}/${mb(p.totalBytes)} MB`;
    const since = last;
    if (!since || (elapsedMs > since.ms && p.bytes > since.bytes)) last = { bytes: p.bytes, ms: elapsedMs };
    if (!since || elapsedMs <= since.ms || p.bytes <= since.bytes) return done;
    const rate = (p.bytes - since.bytes) / ((elapsedMs - since.ms) / 1000);
    return `${done}, ${mb(rate)} MB/s, about ${timeLeft((p.totalBytes - p.bytes) / rate)} left`;
  };
}

/** `list` reading every session file: null once every file is read. */
export function listProgressText(p: { done: number; total: number }, elapsedMs: number): string | null {
  if (p.done >= p.total) return null;
  const left = p.done > 0 ? ((p.total - p.done) * elapsedMs) / p.done / 1000 : 0;
  return `list: reading sessions ${p.done}/${p.total} files${p.done > 0 ? `, about ${timeLeft(left)} left` : ""}`;
}

export interface ProgressSink {
  /** Rewrites the line in place (a terminal) or prints it as a line; null clears it. */
  progress(line: string | null): void;
  readonly interactive: boolean;
}

/** An onProgress callback that draws `text(progress, elapsed ms)` on `sink` (null: nothing to say); `done()` clears the line. */
export function progressReporter<P>(sink: ProgressSink, now: () => number, text: (p: P, elapsedMs: number) => string | null): { onProgress: (p: P) => void; done: () => void } {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    onProgress(p) {
      const t = now();
      if (t - start < QUIET_MS) return;
      if (t - last < (sink.interactive ? TTY_EVERY_MS : LINE_EVERY_MS)) return;
      const line = text(p, t - start);
      if (line === null) return;
      last = t;
      shown = true;
      sink.progress(line);
    },
    done() {
      if (shown && sink.interactive) sink.progress(null);
    },
  };
}
