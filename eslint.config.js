import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "bench/out/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
