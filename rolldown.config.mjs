// Bundles the built bin (tsc's dist/src/cli/bin.js, which loads main.js) into dist/bin/: main.js there
// is the file `pi-explorer` runs.
// Why: Node loads an ESM graph of hundreds of small files (Ink, React, the views) several times slower
// than a few large ones; bundled, the first frame of the tree comes much sooner (docs/PERFORMANCE.md).
// The app stays a separate chunk behind launch-app's dynamic import, so CLI commands never load Ink.
import { defineConfig } from "rolldown";
import { readFileSync } from "node:fs";
import { DEPENDENCY_PATCHES } from "./build/dependency-patches.mjs";
import { exactPatch } from "./build/exact-patch.mjs";

/**
 * Ships src/pi-bridge/pi-bridge.mjs as is next to the bundle: it runs in a child process under the
 * Node of the user's pi, so it is plain JavaScript and never part of pi-explorer's own bundle.
 */
const shipPiBridge = {
  name: "ship-pi-bridge",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "pi-bridge.mjs", source: readFileSync("src/pi-bridge/pi-bridge.mjs", "utf8") });
  },
};

export default defineConfig({
  // The picker's content index is built in a worker thread, and a first build of the index prepares files in
  // worker threads: each script is an entry of its own, next to the chunks (found relative to import.meta.url).
  input: {
    // bin.js turns on Node's compile cache before it imports the CLI (src/cli/compile-cache.ts).
    main: "dist/src/cli/bin.js",
    "recall-index-worker": "dist/components/picker/recall-index-worker.js",
    "recall-cache-prepare-worker": "dist/src/engine/store/recall-cache-prepare-worker.js",
  },
  platform: "node",
  // The recall index's SQLite drivers are loaded at run time through require (src/engine/store/sqlite.ts),
  // either may be missing: node:sqlite is built into Node 22.13+, better-sqlite3 (a native addon) is an
  // optional dependency. react-devtools-core is Ink's optional DEV=true extra (not installed).
  external: ["better-sqlite3", "node:sqlite", "react-devtools-core"],
  // React's production build, as the launcher selected at run time before bundling.
  transform: { define: { "process.env.NODE_ENV": '"production"' } },
  plugins: [...DEPENDENCY_PATCHES.map(exactPatch), shipPiBridge],
  output: {
    dir: "dist/bin",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
    minify: true,
  },
});
