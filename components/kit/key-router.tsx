// The one keypress router. A single useInput at the root hands each key to the registered handlers,
// top layer first (overlay > pane > screen); inside a layer the most recent registration goes first.
// A handler returns true to consume the key, or { rest } to consume the first key of a run typed in
// one read and hand the rest back: those keys are delivered next, one per commit, to whichever layer
// is on top by then (Shift+L and the label after it, "/" and the query). This is why no component calls useInput itself: with
// several useInput hooks every one of them sees every key, and modal views cannot shadow the tree.
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useInput, useStdin } from "ink";
import { splitKeyChunk, toKeyPress, type KeyName, type KeyPress } from "./keys.js";

export type KeyLayer = "overlay" | "pane" | "screen";
/**
 * true: consumed; false: not this layer's; { rest }: consumed, and these keys go next (before the
 * queue); "hold": not yet (a screen still loading): the key waits, with the ones after it, until a
 * layer registers.
 */
export type KeyResult = boolean | { rest: KeyPress[] } | "hold";
export type KeyHandler = (key: KeyPress) => KeyResult;

const LAYER_RANK: Record<KeyLayer, number> = { overlay: 3, pane: 2, screen: 1 };

interface Registration {
  layer: KeyLayer;
  order: number;
  handler: { current: KeyHandler };
}

/** The registry behind the router; exported so tests can drive it without a terminal. */
export class KeyRegistry {
  private registrations: Registration[] = [];
  private counter = 0;
  /** Called after each registration (the router resumes keys it held). */
  private onRegister: (() => void) | null = null;

  /** Called after each registration (a screen that loaded resumes held keys). */
  whenRegistered(callback: (() => void) | null): void {
    this.onRegister = callback;
  }

  register(layer: KeyLayer, handler: { current: KeyHandler }): () => void {
    const reg: Registration = { layer, order: this.counter++, handler };
    this.registrations.push(reg);
    this.onRegister?.();
    return () => {
      this.registrations = this.registrations.filter((r) => r !== reg);
    };
  }

  /** Offer the key to each handler, top layer and newest first, until one consumes it. */
  dispatch(key: KeyPress): KeyResult {
    const ordered = [...this.registrations].sort(
      (a, b) => LAYER_RANK[b.layer] - LAYER_RANK[a.layer] || b.order - a.order,
    );
    for (const reg of ordered) {
      const result = reg.handler.current(key);
      if (result !== false) return result;
    }
    return false;
  }
}

const RouterContext = createContext<KeyRegistry | null>(null);

/** Owns raw-mode input for the whole app. `active` is false when stdin is not a terminal. */
export function KeyRouter({
  children,
  active = true,
  onUnhandled,
}: {
  children: ReactNode;
  active?: boolean;
  /** Called with keys no layer consumed (the shell's last resort, e.g. Ctrl+C quits). */
  onUnhandled?: (key: KeyPress) => boolean;
}) {
  const [registry] = useState(() => new KeyRegistry());
  const fallback = useRef(onUnhandled);
  // Refs follow the props at each commit; keys are delivered only after a commit (below).
  useLayoutEffect(() => {
    fallback.current = onUnhandled;
  });
  const { isRawModeSupported, internal_eventEmitter: inputEvents } = useStdin();
  // The raw text of the input event being handled: Ink reports two Escapes read together ("\x1b\x1b",
  // a user backing out of two screens while the app was busy) as one, with the same key object.
  // Ink's own event is the only place that tells them apart. This listener is added before
  // useInput's (effects run in order; useInput re-adds its own after each render), so it has seen
  // the event by the time useInput hands it over.
  const rawEvent = useRef("");
  useEffect(() => {
    const note = (data: string) => {
      rawEvent.current = data;
    };
    inputEvents.on("input", note);
    return () => {
      inputEvents.off("input", note);
    };
  }, [inputEvents]);
  // Keys go out one at a time, each once React has committed what the previous one changed, run
  // its effects and committed what those effects changed (children's effects run before ours, so a
  // prompt that Ctrl+G opened has registered its key layer when the letters after it arrive).
  // That holds for keys split from one read and for keys Ink hands over back to back from one read
  // (End then Enter must navigate from the row End selected, not from the row a handler saw before
  // the commit).
  const queue = useRef<KeyPress[]>([]);
  // A key was delivered and React has not committed since.
  const inFlight = useRef(false);
  const [pump, setPump] = useState(0);
  const deliverNext = () => {
    const next = queue.current.shift();
    if (next === undefined) {
      inFlight.current = false;
      return;
    }
    inFlight.current = true;
    let result: KeyResult = false;
    try {
      result = registry.dispatch(next);
      if (result === false) fallback.current?.(next);
      else if (typeof result === "object") queue.current.unshift(...result.rest);
      else if (result === "hold") queue.current.unshift(next);
    } finally {
      // Held: no commit is awaited; the next registration (the screen that loaded) resumes delivery.
      // Otherwise always a commit, even when the key changed nothing (or its handler threw), so the
      // effect below releases the queue and the next key is not stuck behind this one.
      if (result === "hold") inFlight.current = false;
      else setPump((n) => n + 1);
    }
  };
  const deliverRef = useRef(deliverNext);
  useLayoutEffect(() => {
    deliverRef.current = deliverNext;
    // A key held while a screen loads goes out once a layer registers.
    registry.whenRegistered(() => {
      if (!inFlight.current && queue.current.length > 0) setPump((n) => n + 1);
    });
  });
  // One more commit before the next key: what the key's commit set off in effects (a view that
  // closes itself from an effect, its owner unmounting it) is batched into it, so the next key meets
  // the screen underneath registered instead of no layer at all.
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cascade is the point: one more commit that the effects' own updates join
    if (pump > 0) setSettled((n) => n + 1);
  }, [pump]);
  useEffect(() => {
    if (settled > 0) deliverRef.current();
  }, [settled]);
  useInput(
    (input, key) => {
      const press = toKeyPress(input, key);
      if (press.name === "escape" && rawEvent.current === "\x1b\x1b") queue.current.push(press, press);
      else queue.current.push(...(splitKeyChunk(input) ?? [press]));
      if (!inFlight.current) deliverNext();
    },
    {
      isActive: active && isRawModeSupported,
    },
  );
  return <RouterContext.Provider value={registry}>{children}</RouterContext.Provider>;
}

/**
 * Register a key handler on a layer while `enabled`. The handler is kept in a ref, so an inline
 * function never re-subscribes on each render and always sees the latest props.
 */
export function useKeyLayer(layer: KeyLayer, handler: KeyHandler, enabled = true): void {
  const registry = useContext(RouterContext);
  if (registry === null) throw new Error("useKeyLayer must be used inside <KeyRouter>");
  const ref = useRef(handler);
  // The latest handler at each commit; the router hands a key over only after one.
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => (enabled ? registry.register(layer, ref) : undefined), [registry, layer, enabled]);
}

/**
 * While mounted (a screen being loaded), keys wait instead of reaching the screens below; those
 * named in `passes` go on as if it were not there (the first screen has none below it, so Ctrl+C
 * reaches the shell and quits).
 */
export function HoldKeys({ children, passes = [] }: { children: ReactNode; passes?: readonly KeyName[] }) {
  useKeyLayer("overlay", (key) => (key.name !== "" && passes.includes(key.name) ? false : "hold"));
  return <>{children}</>;
}
