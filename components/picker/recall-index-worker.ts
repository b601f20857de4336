// The picker's content index, built in a worker thread so that a large first build never holds
// up typing: it brings the cache file up to date and reports progress; the picker's own
// connection searches it. A cache this worker cannot use (no SQLite, a file it cannot write) is
// said back, and the picker then builds in memory on its own thread (use-content-search.ts).
import { parentPort, workerData } from "node:worker_threads";
import { RecallCache, type SqliteChoice, type UpdateProgress } from "../../src/engine/store/recall-cache.js";
import type { PiProfile } from "../../src/engine/index.js";
import { quietSqliteWarning } from "../../src/host/quiet-sqlite-warning.js";

export interface IndexJob {
  cacheFile: string;
  files: readonly string[];
  profile: PiProfile;
  sqlite: SqliteChoice;
}

export type IndexMessage = { type: "progress"; progress: UpdateProgress } | { type: "done"; notices: string[] } | { type: "unusable"; notices: string[] };

const PROGRESS_EVERY_MS = 100;

function build(job: IndexJob, post: (m: IndexMessage) => void): void {
  const cache = RecallCache.open(job.cacheFile, { sqlite: job.sqlite });
  try {
    if (cache.mode !== "cache") return post({ type: "unusable", notices: cache.notices });
    let last = 0;
    cache.update(job.files, job.profile, {
      onProgress: (progress) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        post({ type: "progress", progress });
      },
    });
    // A fault met while writing moves the index to memory, which the picker cannot see.
    if ((cache.mode as string) !== "cache") return post({ type: "unusable", notices: cache.notices });
    post({ type: "done", notices: cache.notices });
  } finally {
    cache.close();
  }
}

if (parentPort) {
  const port = parentPort;
  // Before the store loads node:sqlite (loaded lazily, on the first RecallCache.open).
  quietSqliteWarning();
  build(workerData as IndexJob, (m) => port.postMessage(m));
}
