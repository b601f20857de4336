// The exact load that follows a first look (store/first-look.ts). It runs in steps of a few
// milliseconds after the first frame, so keys stay live meanwhile, and then replaces the first look;
// the tree keeps its cursor, search, filter and folds (a new tree for the same file is rebased).
// Anything that writes, searches or compacts asks for the exact document first, which finishes the
// remaining steps at once.
import { useCallback, useEffect, useRef } from "react";
import { buildTree, exactLoad, exactLoadSteps, type LoadedSession, type PendingExactLoad } from "../../src/engine/index.js";
import type { SessionDocument } from "./session-document.js";

/** One load per first look, shared by the background steps and a caller who cannot wait. */
class ExactLoadRun {
  private readonly steps: Generator<void, LoadedSession>;
  private exact: SessionDocument | undefined;

  constructor(private readonly firstLook: SessionDocument & { pending: PendingExactLoad }) {
    this.steps = exactLoadSteps(firstLook.pending);
  }

  get of(): PendingExactLoad {
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
    this.exact ??= this.documentOf(exactLoad(this.of, this.steps));
    return this.exact;
  }

  private documentOf(loaded: LoadedSession): SessionDocument {
    return { path: this.firstLook.path, tree: buildTree(loaded), snapshot: this.firstLook.snapshot };
  }
}

/**
 * Runs `doc.pending` in the background and hands the exact document to `replace`. Returns a function
 * that gives the exact document now (finishing the load first if it is still running).
 */
export function useExactLoad(doc: SessionDocument, replace: (exact: SessionDocument) => void): () => SessionDocument {
  const run = useRef<ExactLoadRun | null>(null);
  const runOf = useCallback((firstLook: SessionDocument & { pending: PendingExactLoad }): ExactLoadRun => {
    if (run.current?.of !== firstLook.pending) run.current = new ExactLoadRun(firstLook);
    return run.current;
  }, []);

  useEffect(() => {
    if (!isFirstLook(doc)) return;
    const load = runOf(doc);
    let timer: NodeJS.Immediate | undefined;
    const step = () => {
      const exact = load.step();
      if (exact) replace(exact);
      else timer = setImmediate(step);
    };
    timer = setImmediate(step);
    return () => clearImmediate(timer);
  }, [doc, replace, runOf]);

  return () => {
    if (!isFirstLook(doc)) return doc;
    const exact = runOf(doc).finish();
    replace(exact);
    return exact;
  };
}

const isFirstLook = (doc: SessionDocument): doc is SessionDocument & { pending: PendingExactLoad } => doc.pending !== undefined;
