// An install that left optional dependencies out (npm install --omit=optional) still builds and
// tests: build/toolchain-bindings.mjs fetches the bundler's missing native binding. Here: the
// package it names for each platform is one the tool lists, and on this install nothing is missing.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { platformTriple } from "../../build/toolchain-bindings.mjs";
import { PROJECT_ROOT } from "../support/shared.js";

const optional = (tool: string): string[] => Object.keys(JSON.parse(readFileSync(join(PROJECT_ROOT, "node_modules", tool, "package.json"), "utf8")).optionalDependencies ?? {});

describe("toolchain bindings", () => {
  it("names, for each common platform, a binding package rolldown and lightningcss list", () => {
    const platforms: [string, string, boolean][] = [
      ["linux", "x64", false],
      ["linux", "x64", true],
      ["linux", "arm64", false],
      ["darwin", "arm64", false],
      ["darwin", "x64", false],
      ["win32", "x64", false],
    ];
    for (const [platform, arch, musl] of platforms) {
      const triple = platformTriple(platform, arch, musl);
      expect(optional("rolldown"), triple).toContain(`@rolldown/binding-${triple}`);
      expect(optional("lightningcss"), triple).toContain(`lightningcss-${triple}`);
    }
  });

  it("finds nothing missing on this install", () => {
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, "build", "toolchain-bindings.mjs"), "--check"], { encoding: "utf8", timeout: 20_000 });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
