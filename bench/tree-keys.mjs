// Tree key-press timing for bench/sections/app.mjs, driven from outside the product: it imports the
// built tree modules from DIST_ROOT (dist/components/tree/...) and times what one key press costs
// the tree screen, the reducer step plus building the visible window of rows, on a real SessionTree.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

/** The timing function over the tree modules built under `distRoot`. */
export async function loadBenchTreeKeys(distRoot) {
  const load = (rel) => import(pathToFileURL(join(distRoot, "components", "tree", rel)).href);
  const [{ buildWindowRows }, { createTreeModel }, { initTreeState, treeReducer }, { isFoldable, subtreeEnd }] = await Promise.all([
    load("row-render.js"),
    load("tree-model.js"),
    load("tree-reducer.js"),
    load("visible-tree.js"),
  ]);

  /** The foldable row whose visible subtree is largest (a fold there hides the most rows). */
  function foldableEntry(state) {
    const v = state.visible;
    let best = 0;
    let bestSize = -1;
    for (let r = 0; r < v.rows.length; r++) {
      if (!isFoldable(v, r)) continue;
      const size = subtreeEnd(v, r) - r;
      if (size > bestSize) {
        best = r;
        bestSize = size;
      }
    }
    return state.model.flat.nodes[v.rows[best]].entry.id;
  }

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

  /** Run `samples` key presses of each kind and report per-press times (ms) including the window build. */
  return function benchTreeKeys(tree, opts = {}) {
    const height = opts.height ?? 50;
    const width = opts.width ?? 120;
    const samples = opts.samples ?? 200;
    const now = opts.now ?? (() => performance.now());
    const t0 = now();
    const model = createTreeModel(tree, "/home/user");
    const facts = { inContext: new Uint8Array(model.flat.nodes.length), tokens: () => 0, now: new Date(0) };
    let state = initTreeState(model, height);
    buildWindowRows(state, facts, width, height);
    const openMs = now() - t0;

    const press = (action) => {
      const start = now();
      state = treeReducer(state, action);
      buildWindowRows(state, facts, width, height);
      return now() - start;
    };
    const time = (kind, next) => {
      const times = [];
      for (let i = 0; i < samples; i++) times.push(press(next(i)));
      times.sort((a, b) => a - b);
      return { kind, samples, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times[times.length - 1] };
    };
    const keys = [
      time("move", (i) => ({ type: "move", delta: i % 50 < 25 ? 1 : -1 })),
      time("page", (i) => ({ type: "page", direction: i % 20 < 10 ? 1 : -1 })),
      // Real folds: on a foldable row with a big subtree, fold and unfold in turn.
      (() => {
        state = treeReducer(state, { type: "selectEntry", id: foldableEntry(state) });
        return time("fold", (i) => (i % 2 === 0 ? { type: "foldOrUp" } : { type: "unfoldOrDown" }));
      })(),
      time("filter", (i) => ({ type: "cycleFilter", direction: i % 10 < 5 ? 1 : -1 })),
      time("search", (i) => (i % 2 === 0 ? { type: "typeSearch", text: "e" } : { type: "deleteSearchChar" })),
    ];
    return { entries: model.flat.nodes.length, visibleRows: state.visible.rows.length, openMs, keys };
  };
}
