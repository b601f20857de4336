// A value that takes file I/O (a listing, settings files) read in a layout effect, never while React
// renders: undefined for the first render, then the value, before Ink draws the next frame. Read once
// per key; a re-render reads nothing.
import { useLayoutEffect, useMemo, useSyncExternalStore } from "react";

class ReadOnce<T> {
  private value: T | undefined;
  private done = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly read: () => T) {}

  get = (): T | undefined => this.value;

  run(): void {
    if (this.done) return;
    this.done = true;
    this.value = this.read();
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** `read()` run in a layout effect once per `deps` (what it reads from); undefined until it ran. */
export function useReadAfterRender<T>(read: () => T, deps: readonly unknown[]): T | undefined {
  // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- a new read whenever what `read` reads from changes (the caller lists it)
  const once = useMemo(() => new ReadOnce(read), deps);
  const value = useSyncExternalStore(once.subscribe, once.get);
  useLayoutEffect(() => once.run(), [once]);
  return value;
}
