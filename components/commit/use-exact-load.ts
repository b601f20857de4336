// The exact load that follows a first look (store/first-look.ts). It runs in steps of a few
// milliseconds after the first frame, so keys stay live meanwhile, and then replaces the first look;
// the tree keeps its cursor, search, filter and folds (a new tree for the same file is rebased), and
// the first look's bytes are let go. Anything that plans or writes, or opens another screen on the
// tree, asks for the exact document first, which finishes the remaining steps at once.
import { useCallback, useEffect, useRef } from "react";
import {
  buildTree,
  exactLoadSteps,
  finishSteps,
  releaseFirstLook,
  type LoadedSession,
  type PendingExactLoad,
} from "../../src/engine/index.js";
import type { SessionDocument } from "./session-document.js";

type FirstLook = SessionDocument & { pending: PendingExactLoad };

const EXACT_TREE_MARK = "pi-explorer:exact-tree";

const isFirstLook = (doc: SessionDocument): doc is FirstLook => doc.pending !== undefined;

/** One load per first look, shared by the background steps and a caller who cannot wait. */
class ExactLoadRun {
  private readonly steps: Generator<void, LoadedSession>;
  private exact: SessionDocument | undefined;
  /** The exact document has replaced the first look (once per run, whoever finished it). */
  handedOver = false;

  constructor(private readonly firstLook: FirstLook) {
    this.steps = exactLoadSteps(firstLook.pending);
  }

  get pending(): PendingExactLoad {
    return this.firstLook.pending;
  }

  /** One step; the exact document once the load is done. */
  step(): SessionDocument | undefined {
    if (this.exact === undefined) {
      const next = this.steps.next();
      if (next.done) this.exact = this.documentOf(next.value);
    }
    return this.exact;
  }

  /** The rest of the steps at once. */
  finish(): SessionDocument {
    this.exact ??= this.documentOf(finishSteps(this.steps));
    return this.exact;
  }

  /** Entries the first look showed that the exact read does not have (their lines are damaged). */
  dropped(exact: SessionDocument): number {
    return this.firstLook.tree.loaded.entries.length - exact.tree.loaded.entries.length;
  }

  private documentOf(loaded: LoadedSession): SessionDocument {
    return { path: this.firstLook.path, tree: buildTree(loaded), snapshot: this.firstLook.snapshot };
  }
}

/**
 * Runs `doc.pending` in the background and hands the exact document to `replace` once, with the
 * number of entries it left out. Returns a function that gives the exact document now (finishing
 * the load first if it is still running).
 */
export function useExactLoad(doc: SessionDocument, replace: (exact: SessionDocument, dropped: number) => void): () => SessionDocument {
  // Kept after the load is done: a handler made before the swap still gets the same exact document.
  const run = useRef<ExactLoadRun | null>(null);
  const runOf = useCallback((firstLook: FirstLook): ExactLoadRun => {
    if (run.current?.pending !== firstLook.pending) run.current = new ExactLoadRun(firstLook);
    return run.current;
  }, []);
  const handOver = useCallback(
    (load: ExactLoadRun, exact: SessionDocument) => {
      if (load.handedOver) return;
      load.handedOver = true;
      replace(exact, load.dropped(exact));
      // Nothing shows the first look any more: its bytes can go.
      releaseFirstLook(load.pending);
    },
    [replace],
  );

  useEffect(() => {
    if (!isFirstLook(doc)) {
      // Runs after the exact tree was drawn: when it took over, for `npm run bench` (bench/app-worker.mjs).
      if (run.current !== null && performance.getEntriesByName(EXACT_TREE_MARK).length === 0) performance.mark(EXACT_TREE_MARK);
      return;
    }
    const load = runOf(doc);
    let timer: NodeJS.Immediate | undefined;
    const step = () => {
      const exact = load.step();
      if (exact) handOver(load, exact);
      else timer = setImmediate(step);
    };
    timer = setImmediate(step);
    return () => clearImmediate(timer);
  }, [doc, handOver, runOf]);

  return () => {
    if (!isFirstLook(doc)) return doc;
    const load = runOf(doc);
    const exact = load.finish();
    handOver(load, exact);
    return exact;
  };
}
