// The engine compiled file by file to plain JS (imports already carry .js suffixes), so a child
// node process can run the real store code (appendEntries, acquireLock) in a race.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { PROJECT_ROOT } from "./shared.js";

let compiled: string | undefined;

/** Writes `child` (an ES module importing "./engine/...") next to a compiled copy of src/engine; returns its path. */
export function compileEngineFor(child: string): string {
  if (compiled === undefined) {
    compiled = mkdtempSync(join(tmpdir(), "pi-explorer-engine-js-"));
    const engine = join(PROJECT_ROOT, "src/engine");
    for (const rel of readdirSync(engine, { recursive: true, encoding: "utf8" })) {
      if (!rel.endsWith(".ts")) continue;
      const source = readFileSync(join(engine, rel), "utf8");
      const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      const target = join(compiled, "engine", rel.replace(/\.ts$/, ".js"));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, js);
    }
    writeFileSync(join(compiled, "package.json"), '{"type":"module"}');
  }
  const script = join(compiled, `child-${readdirSync(compiled).length}.mjs`);
  writeFileSync(script, child);
  return script;
}
