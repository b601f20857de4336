// A lazily loaded screen (recall, timeline, compaction preview) shows in the commit after its module
// loads. Behind React.lazy and Suspense it did not: React 19 holds content that replaces a fallback
// back for up to 300 ms, so every such screen's first frame came ~300 ms after its key.
import { afterEach, describe, expect, it } from "vitest";
import { Text } from "ink";
import { lazyScreen } from "../../components/kit/lazy-screen.js";
import { KeyRouter, useKeyLayer } from "../../components/kit/key-router.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

afterEach(() => cleanupInk());

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Shown({ label, onKey }: { label: string; onKey?: (name: string) => void }) {
  useKeyLayer("screen", (key) => (onKey?.(key.name), true));
  return <Text>screen {label}</Text>;
}

describe("lazyScreen", () => {
  it("draws the screen in the commit after its module loads, not after React's 300 ms reveal throttle", async () => {
    const module = deferred<typeof Shown>();
    const Lazy = lazyScreen(() => module.promise);
    const ui = await renderInk(<KeyRouter><Lazy label="one" /></KeyRouter>, { columns: 40, rows: 5 });
    expect(ui.frame()).toContain("loading…");
    module.resolve(Shown);
    await Lazy.preload();
    for (let i = 0; i < 3; i++) await tick();
    // A few event-loop turns after the import settled (not 300 ms), the screen is on the frame.
    expect(ui.frame()).toContain("screen one");
  });

  it("keys typed while it loads wait for it and then reach it in order", async () => {
    const module = deferred<typeof Shown>();
    const Lazy = lazyScreen(() => module.promise);
    const seen: string[] = [];
    const ui = await renderInk(<KeyRouter><Lazy label="two" onKey={(name) => seen.push(name)} /></KeyRouter>, { columns: 40, rows: 5 });
    await ui.press("a", "b");
    expect(seen).toEqual([]);
    module.resolve(Shown);
    await ui.waitFor((f) => f.includes("screen two"));
    await ui.press("c");
    // Held keys go out one per commit once the screen registers: on a loaded machine that takes
    // more turns of the event loop than one press settles in (the full suite failed here once).
    await ui.waitFor(() => seen.length >= 3);
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("once loaded, a second mount renders at once, without a loading frame", async () => {
    const Lazy = lazyScreen(() => Promise.resolve(Shown));
    await Lazy.preload();
    const ui = await renderInk(<KeyRouter><Lazy label="three" /></KeyRouter>, { columns: 40, rows: 5 });
    expect(ui.frames().some((f) => f.includes("loading…"))).toBe(false);
    expect(ui.frame()).toContain("screen three");
  });
});
