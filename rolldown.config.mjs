// Bundles the built bin (tsc's dist/src/cli/main.js) into dist/bin/, the file `pi-explorer` runs.
// Why: Node loads an ESM graph of hundreds of small files (Ink, React, the views) several times slower
// than a few large ones; bundled, the first frame of the tree comes much sooner (docs/PERFORMANCE.md).
// The app stays a separate chunk behind launch-app's dynamic import, so CLI commands never load Ink.
import { defineConfig } from "rolldown";

/**
 * A plugin that replaces `from` with `to` in the one module whose path matches `file`, and fails the
 * build when `from` is not there exactly once (the dependency changed: the patch needs a look).
 */
function exactPatch({ name, file, from, to }) {
  return {
    name,
    transform(code, id) {
      if (!file.test(id)) return null;
      if (code.split(from).length !== 2) throw new Error(`rolldown.config.mjs: ${id} no longer holds the text the ${name} patch replaces; check it`);
      return { code: code.replace(from, to), map: null };
    },
  };
}

// dist/src/cli/main.js finds package.json three folders up; dist/bin/main.js finds it two up.
const packageJsonFromBundle = exactPatch({
  name: "package-json-from-bundle",
  file: /[\\/]dist[\\/]src[\\/]cli[\\/]main\.js$/,
  from: '"../../../package.json"',
  to: '"../../package.json"',
});

// yoga-layout (Ink's layout engine) reads its embedded WebAssembly through fetch() of a data: URL when
// fetch exists. In Node that first touch of fetch loads undici, some 25 ms of the first frame; its own
// synchronous base64 fallback gives the same bytes without it.
const yogaWithoutFetch = exactPatch({
  name: "yoga-without-fetch",
  file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
  from: 'function ya(){return w||"function"!=typeof fetch?',
  to: "function ya(){return true?",
});

// Ink 6.8's useInput reads `keypress.name` for any sequence parsed as Ctrl, but an escape sequence
// it has no name for (e.g. the colour code "\x1b[31m" in pasted terminal output) has none, and
// `input.startsWith` then throws out of the stdin handler: the app dies. An unnamed Ctrl key is no
// input at all.
const inkUnnamedCtrlKey = exactPatch({
  name: "ink-unnamed-ctrl-key",
  file: /[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/,
  from: "else if (keypress.ctrl) {\n                input = keypress.name;",
  to: "else if (keypress.ctrl) {\n                input = keypress.name ?? '';",
});

// string-width measures every string that is not printable ASCII with Intl.Segmenter and several
// Unicode-property regexes per grapheme; on the first frame that cold path costs more than drawing
// the tree, whose rows are ASCII plus a few connector and marker symbols. These symbols are single
// code points that string-width itself counts as one column when ambiguous characters are narrow
// (its default, and how Ink calls it); test/app/narrow-symbols.test.ts checks each one against it.
export const NARROW_SYMBOLS = "\\u00B7\\u2013\\u2014\\u2022\\u2026\\u2039\\u203A\\u2190-\\u2193\\u229E\\u229F\\u2500-\\u257F\\u25C6\\u25C7";
const stringWidthNarrowSymbols = exactPatch({
  name: "string-width-narrow-symbols",
  // Ink's own string-width (8.x), not the older copy wrap-ansi keeps, which has no such fast path.
  file: /^(?!.*[\\/]wrap-ansi[\\/]).*[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
  from: "\tif (/^[\\u0020-\\u007E]*$/.test(string)) {",
  to: `\tif (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && /^[\\u0020-\\u007E${NARROW_SYMBOLS}]*$/.test(string))) {`,
});

export default defineConfig({
  input: { main: "dist/src/cli/main.js" },
  platform: "node",
  // better-sqlite3 loads a native addon; react-devtools-core is Ink's optional DEV=true extra (not installed).
  external: ["better-sqlite3", "react-devtools-core"],
  // React's production build, as the launcher selected at run time before bundling.
  transform: { define: { "process.env.NODE_ENV": '"production"' } },
  plugins: [packageJsonFromBundle, yogaWithoutFetch, inkUnnamedCtrlKey, stringWidthNarrowSymbols],
  output: {
    dir: "dist/bin",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
  },
});
