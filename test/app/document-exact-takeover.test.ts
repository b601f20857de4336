// The document owner after a first look (components/document/document-store.ts): the exact load runs
// in steps after the first frame, the exact tree takes over in a task of its own and following the
// file starts in a later one; exact() finishes at once and leaves no step behind; a screen that goes
// and comes back (release, retain) lets the exact load go on.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DocumentStore } from "../../components/document/document-store.js";
import { buildTree, openSessionBytes, readFileBytes } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";

const copies = useFixtureCopies("document-takeover");
const stores: DocumentStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.release();
  vi.restoreAllMocks();
});

/** A store seeded with a first look at a copy of the first-look fixture, as the launcher seeds one. */
function firstLookStore(): DocumentStore {
  const file = copies.copy("first-look/session.jsonl");
  const opened = openSessionBytes(file, "1.6", readFileBytes(file), 0);
  expect(opened.pending).not.toBeNull();
  const store = new DocumentStore(file, "1.6", { tree: buildTree(opened.loaded), snapshot: opened.snapshot, pending: opened.pending ?? undefined }, { pollMs: 60_000 });
  stores.push(store);
  return store;
}

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));
const isExact = (store: DocumentStore): boolean => {
  const state = store.getState();
  return state.status === "open" && state.doc.pending === undefined;
};
const isLive = (store: DocumentStore): boolean => {
  const state = store.getState();
  return state.status === "open" && state.live;
};

async function until(check: () => boolean, tasks = 200): Promise<void> {
  for (let i = 0; i < tasks && !check(); i++) await nextTask();
  expect(check()).toBe(true);
}

describe("after a first look", () => {
  it("following starts in a task after the one in which the exact tree took over (and was drawn)", async () => {
    const store = firstLookStore();
    let liveInTakeoverTask: boolean | undefined;
    store.subscribe(() => {
      // Screens draw the exact tree in this task's microtasks; the watch set-up must not be in it.
      if (isExact(store) && liveInTakeoverTask === undefined) queueMicrotask(() => (liveInTakeoverTask = isLive(store)));
    });
    store.retain();
    expect(isExact(store)).toBe(false);
    await until(() => isLive(store));
    expect(liveInTakeoverTask).toBe(false);
  });

  it("exact() finishes the load at once, follows at once, and leaves no step queued behind it", async () => {
    const store = firstLookStore();
    store.retain();
    const immediate = vi.spyOn(globalThis, "setImmediate");
    // A step is queued; the command needs the exact session now.
    expect(store.exact()?.pending).toBeUndefined();
    expect(isLive(store)).toBe(true);
    const waits = 20;
    for (let i = 0; i < waits; i++) await nextTask();
    // The queued step found its run finished and stopped: a handful of tasks of the store's own since
    // (besides the test's waits), not one more each time.
    expect(immediate.mock.calls.length - waits).toBeLessThan(5);
  });

  it("a screen that goes and comes back lets the exact load go on", async () => {
    const store = firstLookStore();
    store.retain();
    store.release();
    for (let i = 0; i < 5; i++) await nextTask();
    expect(isExact(store)).toBe(false);
    store.retain();
    await until(() => isExact(store) && isLive(store));
  });
});
