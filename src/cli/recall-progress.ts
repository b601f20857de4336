// The progress line `recall --all` shows on stderr while the index is being built: nothing for a
// build that ends within 300 ms, then files and MB done, the rate and the time left, at most a few
// times a second (rewritten in place on a terminal, one line each second otherwise).
import type { UpdateProgress } from "../engine/store/recall-cache.js";

const QUIET_MS = 300;
const TTY_EVERY_MS = 100;
const LINE_EVERY_MS = 1000;

const mb = (bytes: number): string => (bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1);

export function progressText(p: UpdateProgress, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? p.bytes / (elapsedMs / 1000) : 0;
  const left = rate > 0 ? (p.totalBytes - p.bytes) / rate : 0;
  const time = left >= 60 ? `${Math.floor(left / 60)} min ${Math.round(left % 60)} s` : `${Math.ceil(left)} s`;
  return `recall: indexing sessions ${p.files}/${p.totalFiles}, ${mb(p.bytes)}/${mb(p.totalBytes)} MB, ${mb(rate)} MB/s, about ${time} left`;
}

export interface ProgressSink {
  /** Rewrites the line in place (a terminal) or prints it as a line; null clears it. */
  progress(line: string | null): void;
  readonly interactive: boolean;
}

/** An onProgress callback for RecallCache.update that draws on `sink`; `done()` clears the line. */
export function progressReporter(sink: ProgressSink, now: () => number): { onProgress: (p: UpdateProgress) => void; done: () => void } {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    onProgress(p) {
      const t = now();
      if (t - start < QUIET_MS || p.files === p.totalFiles) return;
      if (t - last < (sink.interactive ? TTY_EVERY_MS : LINE_EVERY_MS)) return;
      last = t;
      shown = true;
      sink.progress(progressText(p, t - start));
    },
    done() {
      if (shown && sink.interactive) sink.progress(null);
    },
  };
}
