// A screen whose module loads on first open, without React's Suspense. React 19 holds back the
// content that replaces a Suspense fallback for up to 300 ms after the fallback showed (its
// FALLBACK_THROTTLE_MS, meant for web pages streaming in), so a screen behind React.lazy showed its
// first frame some 300 ms after its key whatever the file size. Here the fallback is ordinary state:
// the module's import settles, the screen renders in the next commit.
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Text } from "ink";
import { HoldKeys } from "./key-router.js";

export interface LazyScreen<P extends object> {
  (props: P): ReactNode;
  /** Starts the import (once); resolves when the screen can render without waiting. */
  preload(): Promise<unknown>;
}

/** `load` resolves to the screen's component; keys typed while it loads wait for it (HoldKeys). */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let failed: { error: unknown } | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failed = { error };
      },
    ));
  function Loaded(props: P): ReactNode {
    const [, setSettled] = useState(false);
    useEffect(() => {
      if (loaded !== undefined || failed !== undefined) return;
      let live = true;
      void preload().then(() => {
        if (live) setSettled(true);
      });
      return () => {
        live = false;
      };
    }, []);
    // A module that failed to load fails the render, as React.lazy does (the app's error path).
    if (failed !== undefined) throw failed.error;
    if (loaded !== undefined) return createElement(loaded, props);
    return (
      <HoldKeys>
        <Text>loading…</Text>
      </HoldKeys>
    );
  }
  return Object.assign(Loaded, { preload });
}
