// The picker's search through what was said in every session, through the recall index. The index
// is brought up to date in slices of a few tens of milliseconds between frames (one session file
// at least per slice), with its progress for the status line; each query runs in a timer after the
// keystroke's frame, never during a render, and its hits go to the picker's reducer. Where no
// SQLite driver loads, the index lives in this process's memory (recall-memory-index.ts) and is
// built the same way, in slices.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { useEffect, useMemo, useRef, useState, type Dispatch } from "react";
import type { PiProfile } from "../../src/engine/index.js";
import type { RecallCache, UpdateProgress } from "../../src/engine/store/recall-cache.js";
import { bestHitBySession, contentQuery, type ContentHit } from "./content-search.js";
import type { PickerAction } from "./picker-state.js";
import type { IndexJob, IndexMessage } from "./recall-index-worker.js";

/** Where the index lives and what it covers; PickerScreen wires it to the user's cache and pi's listAll. */
export interface ContentSource {
  /** Opens the index (never throws; it may answer from memory or say it cannot index at all). */
  open: () => RecallCache;
  /** The session files to index: pi's listAll, as `recall --all` reads them. */
  listFiles: () => readonly string[];
  profile: PiProfile;
  /**
   * The worker that builds the cache file off the main thread (recall-index-worker.ts, built to a
   * .js file), and its job; without it, or when it cannot use the cache, the build runs here in slices.
   */
  worker?: { url: URL; job: (files: readonly string[]) => IndexJob };
}

export interface ContentStatus {
  /** While the index is being built: how far, over the whole build. */
  indexing: UpdateProgress | null;
  /** A notice from the index (rebuilt, in memory, no SQLite), shown until the next key. */
  notice: string | null;
}

const SLICE_MS = 40;
const HITS_WANTED = 200;

export function useContentSearch(source: ContentSource | undefined, query: string, dispatch: Dispatch<PickerAction>, active: boolean): ContentStatus {
  const [status, setStatus] = useState<ContentStatus>({ indexing: null, notice: null });
  const cache = useRef<RecallCache | null>(null);
  const [built, setBuilt] = useState(0);
  /** Why the last search failed (null once one does not); said in place of the index's notice. */
  const [searchFailure, setSearchFailure] = useState<string | null>(null);

  // Open once; build in slices while the picker is on screen.
  useEffect(() => {
    if (!source || !active) return;
    if (!cache.current) cache.current = source.open();
    const index = cache.current;
    const files = source.listFiles();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first: UpdateProgress | null = null;
    let worker: Worker | null = null;
    let cancelled = false;
    const slice = (): void => {
      const deadline = performance.now() + SLICE_MS;
      let latest: UpdateProgress | null = null;
      // No worker threads: a slice takes a file or so, and files they prepared ahead would be thrown away with them.
      const stats = index.update(files, source.profile, { shouldStop: () => performance.now() > deadline, onProgress: (p) => (latest = p), workers: false });
      const p = latest as UpdateProgress | null;
      if (p) first ??= { ...p, files: 0, bytes: 0 };
      const notice = index.notices.at(-1) ?? null;
      // Files are left until none are (a slice reads one at least): a slice that only failed to read one goes on too.
      if (stats.left > 0) {
        const whole = first;
        if (whole && p) setStatus({ indexing: { files: whole.totalFiles - stats.left, totalFiles: whole.totalFiles, bytes: whole.totalBytes - (p.totalBytes - p.bytes), totalBytes: whole.totalBytes }, notice });
        timer = setTimeout(slice, 0);
      } else setStatus({ indexing: null, notice });
      // Every slice makes more sessions searchable: the current query runs again.
      setBuilt((n) => n + 1);
    };
    const url = source.worker?.url;
    if (index.mode === "cache" && source.worker && url && existsSync(fileURLToPath(url))) {
      const w = new Worker(url, { workerData: source.worker.job(files) });
      worker = w;
      const inProcess = (): void => {
        if (cancelled) return;
        worker = null;
        timer = setTimeout(slice, 0);
      };
      w.on("message", (m: IndexMessage) => {
        if (cancelled) return;
        if (m.type === "progress") setStatus({ indexing: m.progress, notice: null });
        else if (m.type === "done") setStatus({ indexing: null, notice: m.notices.at(-1) ?? null });
        else return inProcess();
        // What the worker committed is searchable now: the current query runs again.
        setBuilt((n) => n + 1);
      });
      w.on("error", inProcess);
    } else timer = setTimeout(slice, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      // Whatever files it finished stay indexed; the next build continues from there.
      void worker?.terminate();
    };
  }, [source, active]);

  useEffect(() => () => cache.current?.close(), []);

  // One search per query (and after each slice of the build), after the keystroke's frame.
  useEffect(() => {
    const index = cache.current;
    const q = contentQuery(query);
    if (!index || q === null) {
      dispatch({ type: "contentHits", results: { query, hits: new Map() } });
      return;
    }
    const timer = setTimeout(() => {
      let hits = new Map<string, ContentHit>();
      try {
        // Each session's best hit over every match (a session whose hits all rank below another
        // session's hundreds is listed too), up to HITS_WANTED sessions; only those lines are read back.
        const r = index.search(q, { pageSize: HITS_WANTED, bestPerSession: true, now: () => performance.now(), budgetMs: 200 });
        if (r.ok) hits = bestHitBySession(r.value);
        setSearchFailure(null);
      } catch (error) {
        // The index may be in the middle of a change this thread cannot make (the worker builds it,
        // another process writes it): no hits this time, said on the status line; the next slice
        // of the build, or the next key, searches again.
        setSearchFailure(`messages not searched: ${error instanceof Error ? error.message : String(error)}`);
      }
      dispatch({ type: "contentHits", results: { query, hits } });
    }, 0);
    return () => clearTimeout(timer);
  }, [query, built, dispatch]);

  return useMemo(() => (searchFailure === null ? status : { ...status, notice: searchFailure }), [status, searchFailure]);
}
