// Long work (plans, compiled summaries, context diffs) off the render path. A screen draws at once
// with what it has ("computing…"), and the work runs after the frame as a generator, a slice of
// steps per macrotask, so keys that arrive meanwhile (Esc) are handled between slices. Leaving the
// screen or changing the input (a new key) cancels it; results are kept per session tree under a
// key naming what they depend on (leaf, settings, profile), so going back and forth recomputes nothing.
import { useEffect, useRef, useState } from "react";

/** Work as steps: each `yield` is a point where keys may get through; the return value is the result. */
export type BackgroundWork<T> = () => Generator<unknown, T, undefined>;

/** Time one slice of steps may take before the loop gets a turn (keys, frames). */
const SLICE_MS = 8;

const caches = new WeakMap<object, Map<string, unknown>>();
const MAX_ENTRIES = 64;

/** The results kept for `owner` (a session tree): one map per tree, dropped with it. */
function cacheOf(owner: object): Map<string, unknown> {
  let cache = caches.get(owner);
  if (cache === undefined) caches.set(owner, (cache = new Map()));
  return cache;
}

/** A result kept for (owner, key), or undefined. */
function keptResult<T>(owner: object, key: string): T | undefined {
  return cacheOf(owner).get(key) as T | undefined;
}

function keep(owner: object, key: string, value: unknown): void {
  const cache = cacheOf(owner);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/**
 * The result of `work` for (owner, key): kept when computed before, else undefined while it runs
 * after this frame. `key` null: nothing wanted. A change of key cancels the run for the old one.
 */
export function useBackground<T>(owner: object, key: string | null, work: BackgroundWork<T>): { value: T | undefined; pending: boolean } {
  const kept = key === null ? undefined : keptResult<T>(owner, key);
  const known = key !== null && cacheOf(owner).has(key);
  const [, setDone] = useState(0);
  // `work` is made from the same inputs as `key`: the key says when to run it again.
  const latest = useRef(work);
  useEffect(() => {
    latest.current = work;
  });
  useEffect(() => {
    if (key === null || cacheOf(owner).has(key)) return;
    let cancelled = false;
    let immediate: ReturnType<typeof setImmediate> | undefined;
    const it = latest.current();
    const slice = () => {
      if (cancelled) return;
      const started = performance.now();
      for (;;) {
        const next = it.next();
        if (next.done) {
          keep(owner, key, next.value);
          setDone((n) => n + 1);
          return;
        }
        if (performance.now() - started >= SLICE_MS) break;
      }
      immediate = setImmediate(slice);
    };
    const timer = setTimeout(slice, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (immediate !== undefined) clearImmediate(immediate);
      it.return(undefined as never);
    };
  }, [owner, key]);
  return { value: kept, pending: key !== null && !known };
}
