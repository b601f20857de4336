// The WebAssembly the engine embeds (src/engine/recall/wasm/*-binary.ts, generated and committed)
// must be what its AssemblyScript source compiles to: a change to a source that was not compiled
// again would otherwise ship the old module.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without declarations.
import { compileModule, generatedModule, MODULES } from "../../build/wasm-modules.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the embedded WebAssembly modules", () => {
  for (const module of MODULES as { source: string; generated: string }[]) {
    it(`${module.generated} is what ${module.source.split("/").pop()} compiles to (node build/wasm-modules.mjs writes it)`, async () => {
      const binary: Uint8Array = await compileModule(module);
      expect(readFileSync(join(ROOT, module.generated), "utf8")).toBe(generatedModule(module, binary));
    }, 60_000);
  }
});
