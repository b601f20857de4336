// The one keypress router. A single useInput at the root hands each key to the registered handlers,
// top layer first (overlay > pane > screen); inside a layer the most recent registration goes first.
// A handler returns true to consume the key. This is why no component calls useInput itself: with
// several useInput hooks every one of them sees every key, and modal views cannot shadow the tree.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useInput, useStdin } from "ink";
import { splitKeyChunk, toKeyPress, type KeyPress } from "./keys.js";

export type KeyLayer = "overlay" | "pane" | "screen";
export type KeyHandler = (key: KeyPress) => boolean;

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

  register(layer: KeyLayer, handler: { current: KeyHandler }): () => void {
    const reg: Registration = { layer, order: this.counter++, handler };
    this.registrations.push(reg);
    return () => {
      this.registrations = this.registrations.filter((r) => r !== reg);
    };
  }

  /** Offer the key to each handler, top layer and newest first, until one consumes it. */
  dispatch(key: KeyPress): boolean {
    const ordered = [...this.registrations].sort(
      (a, b) => LAYER_RANK[b.layer] - LAYER_RANK[a.layer] || b.order - a.order,
    );
    for (const reg of ordered) {
      if (reg.handler.current(key)) return true;
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
  onUnhandled?: KeyHandler;
}) {
  const registry = useRef(new KeyRegistry()).current;
  const fallback = useRef(onUnhandled);
  fallback.current = onUnhandled;
  const { isRawModeSupported } = useStdin();
  // Keys go out one at a time, each once React has committed what the previous one changed and run
  // its effects (children's effects run before ours, so a prompt that Ctrl+G opened has registered
  // its key layer when the letters after it arrive). That holds for keys split from one read and
  // for keys Ink hands over back to back from one read (End then Enter must navigate from the row
  // End selected, not from the row a handler saw before the commit).
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
    try {
      if (!registry.dispatch(next)) fallback.current?.(next);
    } finally {
      // Always a commit, even when the key changed nothing (or its handler threw), so the effect
      // below releases the queue and the next key is not stuck behind this one.
      setPump((n) => n + 1);
    }
  };
  const deliverRef = useRef(deliverNext);
  deliverRef.current = deliverNext;
  useEffect(() => {
    if (pump > 0) deliverRef.current();
  }, [pump]);
  useInput(
    (input, key) => {
      queue.current.push(...(splitKeyChunk(input) ?? [toKeyPress(input, key)]));
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
  ref.current = handler;
  useEffect(() => (enabled ? registry.register(layer, ref) : undefined), [registry, layer, enabled]);
}
