// Node's compile cache for the bin (src/cli/compile-cache.ts, src/cli/bin.ts): it lives in the
// user's cache folder, a Node without it (20) runs as before, and a folder it cannot write changes
// nothing a user sees.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_CACHE_MAX_AGE_MS, compileCacheDirectory, enableCompileCache, pruneCompileCache } from "../../src/cli/compile-cache.js";
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

describe("pruneCompileCache", () => {
  let dir: string;
  const now = Date.now();
  const old = COMPILE_CACHE_MAX_AGE_MS + 3600_000;
  const age = (path: string, ageMs: number, readAgeMs = ageMs) => utimesSync(path, (now - readAgeMs) / 1000, (now - ageMs) / 1000);
  const file = (path: string, ageMs: number, readAgeMs = ageMs) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "x");
    age(path, ageMs, readAgeMs);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "pi-explorer-prune-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("removes entries not written or read for a month, and the quiet folders of other Nodes left with none; nothing else", () => {
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "02a997a2"), old);
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "6a324ff6"), 3600_000);
    // Written long ago, read yesterday (the file system keeps access times): still in use.
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "1a5cca41"), old, 24 * 3600_000);
    file(join(dir, "v22.1.0-x64-11111111-0", "a8afb1f6"), old);
    age(join(dir, "v22.1.0-x64-11111111-0"), old);
    // The running Node's folder stays, emptied and quiet as it may be: Node writes its entries there at exit.
    file(join(dir, "v24.11.0-x64-22222222-0", "e97f6a28"), old);
    age(join(dir, "v24.11.0-x64-22222222-0"), old);
    file(join(dir, "recall.sqlite"), old);
    file(join(dir, "usage", "cache.json"), old);
    // A link named like Node's folder: what it points to is not Node's to prune.
    file(join(dir, "elsewhere", "keep"), old);
    symlinkSync(join(dir, "elsewhere"), join(dir, "v22.0.0-x64-33333333-0"));
    pruneCompileCache(dir, now, "v24.11.0-x64-");
    expect(readdirSync(dir).sort()).toEqual(["compile-cache-pruned", "elsewhere", "recall.sqlite", "usage", "v22.0.0-x64-33333333-0", "v22.23.3-x64-9ac5647c-0", "v24.11.0-x64-22222222-0"]);
    expect(readdirSync(join(dir, "v22.23.3-x64-9ac5647c-0")).sort()).toEqual(["1a5cca41", "6a324ff6"]);
    expect(readdirSync(join(dir, "v24.11.0-x64-22222222-0"))).toEqual([]);
    expect(readdirSync(join(dir, "elsewhere"))).toEqual(["keep"]);
  });

  it("looks at most once a day; a mark from the future counts as none", () => {
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "6a324ff6"), 3600_000);
    pruneCompileCache(dir, now);
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "238f7709"), old);
    pruneCompileCache(dir, now + 3600_000);
    expect(readdirSync(join(dir, "v22.23.3-x64-9ac5647c-0")).sort()).toEqual(["238f7709", "6a324ff6"]);
    pruneCompileCache(dir, now + 25 * 3600_000);
    expect(readdirSync(join(dir, "v22.23.3-x64-9ac5647c-0"))).toEqual(["6a324ff6"]);
    // The clock set back a week: the mark is in the future, and the look happens all the same.
    file(join(dir, "v22.23.3-x64-9ac5647c-0", "596c87f4"), old + 7 * 24 * 3600_000);
    pruneCompileCache(dir, now - 7 * 24 * 3600_000);
    expect(readdirSync(join(dir, "v22.23.3-x64-9ac5647c-0"))).toEqual(["6a324ff6"]);
  });

  it("a folder that is not there, or none at all: nothing happens, nothing throws", () => {
    expect(() => pruneCompileCache(join(dir, "missing"), now)).not.toThrow();
    expect(() => pruneCompileCache(undefined, now)).not.toThrow();
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
      // Node's entries, in its folder for this Node (not only what pi-explorer writes beside them).
      const entries = (): string[] => readdirSync(folder).filter((f) => f.startsWith("v")).flatMap((f) => readdirSync(join(folder, f)));
      if (version === "function") expect(entries().length).toBeGreaterThan(0);
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
