// The WebAssembly the engine embeds (src/engine/recall/wasm/word-rows-binary.ts, generated and
// committed) must be what its AssemblyScript source compiles to: a change to the source that was
// not compiled again would otherwise ship the old counter.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without declarations.
import { compileWordRows, GENERATED, generatedModule } from "../../build/word-rows-wasm.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the embedded word counter", () => {
  it("is what word-rows.as.ts compiles to (node build/word-rows-wasm.mjs writes it)", async () => {
    const binary: Uint8Array = await compileWordRows();
    expect(readFileSync(join(ROOT, GENERATED), "utf8")).toBe(generatedModule(binary));
  }, 60_000);
});
