// What `compact FILE` loads of Node itself: no built-in it does not use. Each of these cost every
// command milliseconds of start-up (bench section "cli-deep"): node:child_process (the bridge to the
// user's pi), node:readline (a commit's question), node:crypto (hashes taken only when a commit asks,
// src/engine/serialize/sha.ts), and node:util's lazy exports, which its ESM facade would load
// (src/host/lazy-builtins.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE22 } from "../support/pi-session.js";
import { CLI, DEMO, ensureBuilt } from "./run-built-cli.js";

const NOT_LOADED = ["child_process", "crypto", "readline", "internal/util/diff"];

let root: string;
let probe: string;
beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), "pi-explorer-start-up-"));
  probe = join(root, "loaded-modules.mjs");
  // Node's own list of the built-in modules this process loaded, printed as the process ends.
  writeFileSync(probe, 'process.on("exit", () => process._rawDebug(JSON.stringify(process.moduleLoadList)));\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the built-ins `compact FILE` loads", () => {
  for (const [name, node] of [
    ["this node", process.execPath],
    ["Node 22", existsSync(NODE22) ? NODE22 : undefined],
  ] as const) {
    it.skipIf(node === undefined)(`on ${name}: none of ${NOT_LOADED.join(", ")}`, () => {
      const r = spawnSync(node!, ["--import", probe, CLI, "compact", DEMO], {
        encoding: "utf8",
        timeout: 30_000,
        env: { ...process.env, HOME: root, XDG_CACHE_HOME: join(root, "cache") },
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain("dry run");
      const loaded = new Set((JSON.parse(r.stderr.trim().split("\n").at(-1)!) as string[]).map((m) => m.replace(/^NativeModule /, "")));
      expect(loaded.has("fs"), "the probe sees the modules").toBe(true);
      expect(NOT_LOADED.filter((m) => loaded.has(m))).toEqual([]);
    });
  }
});
