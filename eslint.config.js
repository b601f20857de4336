import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // *.as.ts is AssemblyScript (compiled to WebAssembly by build/wasm-modules.mjs), which TypeScript cannot parse.
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "bench/out/**", "tmp/**", "**/*.as.ts"] },
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
    // One theme (components/kit/theme.ts): a view spreads the theme's styles (<Text {...theme.muted}>),
    // so NO_COLOR is honoured in one place; no colour name, dim, bold or inverse of its own.
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/kit/theme.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='Text'] > JSXAttribute[name.name=/^(color|backgroundColor|dimColor|bold|inverse)$/]",
          message: "Text styles come from the theme: spread one of components/kit/theme.ts (<Text {...theme.muted}>), which honours NO_COLOR.",
        },
        {
          selector: "JSXAttribute[name.name=/^(color|backgroundColor|borderColor)$/] Literal",
          message: "A colour comes from the theme (components/kit/theme.ts), never a colour name in a view.",
        },
        {
          selector: "Property[key.name=/^(color|backgroundColor|borderColor)$/] > Literal",
          message: "A colour comes from the theme (components/kit/theme.ts), never a colour name in a view.",
        },
        {
          selector: "Literal[value=/^(black|red|green|yellow|blue|magenta|cyan|white|gray|grey)(Bright)?$/]",
          message: "A colour comes from the theme (components/kit/theme.ts), never a colour name in a view.",
        },
        // What every screen needs comes from the app context (components/kit/app-context.tsx), not props:
        // only <App> takes the launcher's env.
        {
          selector: "TSInterfaceDeclaration[id.name=/Props$/][id.name!='AppProps'] TSPropertySignature[key.name=/^(env|home)$/]",
          message: "env and home come from the app context (useAppEnv() in components/kit/app-context.tsx), not props.",
        },
        {
          selector: "TSInterfaceDeclaration[id.name=/Props$/] TSPropertySignature[key.name=/^(columns|rows)$/] > TSTypeAnnotation > TSNumberKeyword",
          message: "The screen's size comes from the app context (useScreenSize(); <ScreenArea> gives a child part of it), not props.",
        },
      ],
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
