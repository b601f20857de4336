// Node's compile cache for the bin (src/cli/compile-cache.ts, src/cli/bin.ts): it lives in the
// user's cache folder, a Node without it (20) runs as before, and a folder it cannot write changes
// nothing a user sees.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCacheDirectory, enableCompileCache } from "../../src/cli/compile-cache.js";
import { recallCacheFile } from "../../src/engine/store/recall-cache.js";
import { NODE22 } from "../support/pi-session.js";
import { CLI, DEMO, ensureBuilt } from "./run-built-cli.js";

describe("compileCacheDirectory", () => {
  const home = () => "/home/u";
  it("is $XDG_CACHE_HOME/pi-explorer when set (absolute), else ~/.cache/pi-explorer: the folder of pi-explorer's other caches", () => {
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "/x/cache" }, home)).toBe(join("/x/cache", "pi-explorer"));
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "relative/cache" }, home)).toBe(join("/home/u", ".cache", "pi-explorer"));
    expect(compileCacheDirectory({}, home)).toBe(join("/home/u", ".cache", "pi-explorer"));
    expect(dirname(compileCacheDirectory({}, home)!)).toBe(dirname(dirname(recallCacheFile({}, "/home/u"))));
  });

  it("is none without a home folder", () => {
    expect(compileCacheDirectory({}, () => "")).toBeUndefined();
    expect(
      compileCacheDirectory({}, () => {
        throw new Error("no home");
      }),
    ).toBeUndefined();
    expect(enableCompileCache(undefined)).toBe(false);
  });
});

describe("the built bin with a compile cache", () => {
  let root: string;
  beforeAll(() => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), "pi-explorer-compile-cache-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const nodes = [
    ["this node", process.execPath],
    ["Node 22", existsSync(NODE22) ? NODE22 : undefined],
  ] as const;
  const run = (node: string, cache: string, extra: Record<string, string> = {}) =>
    spawnSync(node, [CLI, "compact", DEMO], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, HOME: root, XDG_CACHE_HOME: cache, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined, ...extra } as NodeJS.ProcessEnv,
    });

  for (const [name, node] of nodes) {
    it.skipIf(node === undefined)(`on ${name}: the cache folder is written only where Node has one, and the answer is the same`, () => {
      const reference = run(node!, join(root, "unused"), { NODE_DISABLE_COMPILE_CACHE: "1" });
      expect(reference.status, reference.stderr).toBe(0);
      expect(existsSync(join(root, "unused"))).toBe(false);
      const cache = join(root, `cache-${name.replace(/\W/g, "")}`);
      for (const pass of ["cold", "warm"]) {
        const r = run(node!, cache);
        expect(r.status, `${pass}: ${r.stderr}`).toBe(0);
        expect(r.stderr, pass).toBe("");
        expect(r.stdout, pass).toBe(reference.stdout);
      }
      const version = spawnSync(node!, ["-p", "typeof require('node:module').enableCompileCache"], { encoding: "utf8" }).stdout.trim();
      const folder = join(cache, "pi-explorer");
      if (version === "function") expect(readdirSync(folder).length).toBeGreaterThan(0);
      else expect(existsSync(folder)).toBe(false);
    });

    it.skipIf(node === undefined)(`on ${name}: a cache folder that cannot be made is no error`, () => {
      const blocked = join(root, `not-a-folder-${name.replace(/\W/g, "")}`);
      writeFileSync(blocked, "a file where the cache folder would go\n");
      const r = run(node!, blocked);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain("compact");
    });
  }
});
