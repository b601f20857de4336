// No module of components/ or src/ reaches itself through its imports, type-only imports included
// (issue 12: components/compaction/setting-input.ts <-> preview-reducer.ts was a cycle of types).
// The graph is read from the sources the way madge reads it: every `import ... from`, `export ... from`
// and `import("...")` of a relative path, resolved from its `.js` suffix to the .ts/.tsx file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const SPECIFIERS = [/\b(?:import|export)\s+(?:type\s+)?[^"'`;]*?\bfrom\s+["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /^\s*import\s+["']([^"']+)["']/gm];

/** The project files a module imports (relative specifiers only; packages are not part of a cycle). */
export function importsOf(file: string, text: string): string[] {
  const found = new Set<string>();
  // Comments may quote an import; they are no edge.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  for (const pattern of SPECIFIERS) {
    for (const match of code.matchAll(pattern)) {
      const spec = match[1];
      if (!spec.startsWith(".")) continue;
      const base = resolve(dirname(file), spec);
      const candidates = [base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"), base.replace(/\.mjs$/, ".mts"), `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
      const target = candidates.find((c) => SOURCE.test(c) && existsSync(c));
      if (target !== undefined) found.add(target);
    }
  }
  return [...found];
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan, iterative). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

describe("import cycles", () => {
  it("finds a cycle of type-only imports (the check can fail)", () => {
    const a = join(ROOT, "a.ts");
    const b = join(ROOT, "b.ts");
    expect(importCycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b]]);
    expect(importCycles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });

  it("reads type-only, re-export and dynamic imports as edges", () => {
    const file = join(ROOT, "components/compaction/x.ts");
    const text = [
      'import type { SettingName } from "./setting-name.js";',
      'export { PREVIEW_BINDINGS } from "./preview-keys.js";',
      'const screen = () => import("./CompactionPreviewScreen.js");',
      '// import { nothing } from "./preview-reducer.js";',
      'import { Box } from "ink";',
    ].join("\n");
    expect(importsOf(file, text).map((p) => relative(ROOT, p)).sort()).toEqual([
      "components/compaction/CompactionPreviewScreen.tsx",
      "components/compaction/preview-keys.ts",
      "components/compaction/setting-name.ts",
    ]);
  });

  it("has none in components/ and src/, type-only imports included", () => {
    const files = [...sourceFiles(join(ROOT, "components")), ...sourceFiles(join(ROOT, "src"))];
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, "utf8"))]));
    const cycles = importCycles(graph).map((cycle) => cycle.map((p) => relative(ROOT, p)));
    expect(cycles).toEqual([]);
    // The edges are really read: the setting's name comes from its own module.
    expect(graph.get(join(ROOT, "components/compaction/setting-input.ts"))?.map((p) => relative(ROOT, p))).toContain("components/compaction/setting-name.ts");
  });
});
