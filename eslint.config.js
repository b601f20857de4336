import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "bench/out/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The rules of hooks and the React Compiler's checks, as the plugin recommends them, on every view.
  { files: ["components/**/*.{ts,tsx}", "src/cli/**/*.tsx"], ...reactHooks.configs.flat.recommended },
  {
    // The one exception, until the compaction preview's compute hooks move off the render path (issue
    // 11): their Map-per-path memos are what the compiler cannot keep.
    files: ["components/compaction/use-compaction-preview.ts"],
    rules: { "react-hooks/preserve-manual-memoization": "off", "react-hooks/exhaustive-deps": "off" },
  },
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setImmediate: "readonly", Buffer: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
    },
  },
  {
    // The engine is pure: no process globals, no terminal, no React. Callers pass env, home and cwd in.
    files: ["src/engine/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "process"],
      "no-restricted-imports": ["error", { patterns: ["ink", "ink-*", "react", "node:child_process"] }],
    },
  },
  {
    // Only store/ reads and writes files.
    files: ["src/engine/**/*.ts"],
    ignores: ["src/engine/store/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:fs*", "fs", "fs/*", "ink", "ink-*", "react", "node:child_process", "better-sqlite3"] }],
    },
  },
);
