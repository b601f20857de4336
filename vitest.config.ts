import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";
import { DEPENDENCY_PATCHES } from "./build/dependency-patches.mjs";
import { exactPatch } from "./build/exact-patch.mjs";

// The tests run the Ink the bin bundles: Ink is processed by vitest (not loaded as is from
// node_modules) so the bundle's patches of Ink's own files apply here too (build/dependency-patches.mjs).
const INK_FILE = /[\\/]node_modules[\\/]ink[\\/].*\.js$/;
const INK_PATCHES = DEPENDENCY_PATCHES.filter((patch) => patch.file.source.includes("[\\\\/]ink[\\\\/]build"));
// Ink's source maps name its TypeScript sources, which the package does not ship.
const inkWithoutSourceMaps: Plugin = {
  name: "ink-without-source-maps",
  enforce: "pre",
  load: (id) => (INK_FILE.test(id) ? readFileSync(id, "utf8").replace(/^\/\/# sourceMappingURL=.*$/m, "") : null),
};

export default defineConfig({
  plugins: [inkWithoutSourceMaps, ...INK_PATCHES.map(exactPatch)],
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: "forks",
    globalSetup: ["test/setup/temp-root.ts"],
    server: { deps: { inline: [/[\\/]node_modules[\\/]ink[\\/]/] } },
  },
});
