// Bundles the built bin (tsc's dist/src/cli/main.js) into dist/bin/, the file `pi-explorer` runs.
// Why: Node loads an ESM graph of hundreds of small files (Ink, React, the views) several times slower
// than a few large ones; bundled, the first frame of the tree comes much sooner (docs/PERFORMANCE.md).
// The app stays a separate chunk behind launch-app's dynamic import, so CLI commands never load Ink.
import { defineConfig } from "rolldown";

// dist/src/cli/main.js finds package.json three folders up; dist/bin/main.js finds it two up.
const MAIN = /[\\/]dist[\\/]src[\\/]cli[\\/]main\.js$/;
const VERSION_URL_FROM_TSC_OUTPUT = '"../../../package.json"';
const VERSION_URL_FROM_BUNDLE = '"../../package.json"';

/** Repoints main.js's package.json lookup at the bundle's folder; fails the build if that lookup moved. */
const packageJsonFromBundle = {
  name: "package-json-from-bundle",
  transform(code, id) {
    if (!MAIN.test(id)) return null;
    if (!code.includes(VERSION_URL_FROM_TSC_OUTPUT)) {
      throw new Error(`rolldown.config.mjs: ${id} no longer reads ${VERSION_URL_FROM_TSC_OUTPUT}; update the bundle's package.json path`);
    }
    return { code: code.replace(VERSION_URL_FROM_TSC_OUTPUT, VERSION_URL_FROM_BUNDLE), map: null };
  },
};

// yoga-layout (Ink's layout engine) reads its embedded WebAssembly through fetch() of a data: URL when
// fetch exists. In Node that first touch of fetch loads undici, some 25 ms of the first frame; its own
// synchronous base64 fallback gives the same bytes without it.
const YOGA_WASM = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_FETCH_TEST = 'function ya(){return w||"function"!=typeof fetch?';
const YOGA_NO_FETCH = "function ya(){return true?";

/** Makes yoga decode its inlined WebAssembly itself instead of fetching the data: URL. */
const yogaWithoutFetch = {
  name: "yoga-without-fetch",
  transform(code, id) {
    if (!YOGA_WASM.test(id)) return null;
    if (code.split(YOGA_FETCH_TEST).length !== 2) {
      throw new Error(`rolldown.config.mjs: ${id} no longer has yoga's fetch test; check the yoga-without-fetch plugin`);
    }
    return { code: code.replace(YOGA_FETCH_TEST, YOGA_NO_FETCH), map: null };
  },
};

// Ink 6.8's useInput reads `keypress.name` for any sequence parsed as Ctrl, but an escape sequence
// it has no name for (e.g. the colour code "\x1b[31m" in pasted terminal output) has none, and
// `input.startsWith` then throws out of the stdin handler: the app dies. An unnamed Ctrl key is no
// input at all.
const INK_USE_INPUT = /[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/;
const INK_CTRL_NAME = "else if (keypress.ctrl) {\n                input = keypress.name;";
const INK_CTRL_NAME_GUARDED = "else if (keypress.ctrl) {\n                input = keypress.name ?? '';";

/** Keeps an unnamed escape sequence from crashing Ink's input handler. */
const inkUnnamedCtrlKey = {
  name: "ink-unnamed-ctrl-key",
  transform(code, id) {
    if (!INK_USE_INPUT.test(id)) return null;
    if (code.split(INK_CTRL_NAME).length !== 2) {
      throw new Error(`rolldown.config.mjs: ${id} no longer has Ink's Ctrl-name line; check the ink-unnamed-ctrl-key plugin`);
    }
    return { code: code.replace(INK_CTRL_NAME, INK_CTRL_NAME_GUARDED), map: null };
  },
};

export default defineConfig({
  input: { main: "dist/src/cli/main.js" },
  platform: "node",
  // better-sqlite3 loads a native addon; react-devtools-core is Ink's optional DEV=true extra (not installed).
  external: ["better-sqlite3", "react-devtools-core"],
  // React's production build, as the launcher selected at run time before bundling.
  transform: { define: { "process.env.NODE_ENV": '"production"' } },
  plugins: [packageJsonFromBundle, yogaWithoutFetch, inkUnnamedCtrlKey],
  output: {
    dir: "dist/bin",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
  },
});
