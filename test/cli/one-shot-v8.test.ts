// The V8 flags a CLI command sets for itself (src/cli/one-shot-v8.ts): each one must be a flag the
// running V8 knows, since an unknown one prints an error on the command's stderr.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { oneShotV8Flags } from "../../src/cli/one-shot-v8.js";
import { NODE22 } from "../support/pi-session.js";

const run = (node: string, script: string) => spawnSync(node, ["-e", script], { encoding: "utf8", timeout: 20_000 });

describe("oneShotV8Flags", () => {
  it("tiers up later on V8 11 and 12 and keeps V8's default elsewhere", () => {
    expect(oneShotV8Flags("11.3.244.8-node.38")).toEqual(["--semi-space-growth-factor=1", "--interrupt-budget=1351680"]);
    expect(oneShotV8Flags("12.4.254.21-node.57")).toEqual(["--semi-space-growth-factor=1", "--invocation-count-for-turbofan=60000"]);
    expect(oneShotV8Flags("14.0.1")).toEqual(["--semi-space-growth-factor=1"]);
  });

  it("recall --all, which parses every session in several threads, keeps the young generation growing", () => {
    expect(oneShotV8Flags("12.4.254.21-node.57", { indexes: true })).toEqual(["--invocation-count-for-turbofan=60000"]);
  });

  // This node, and the oracle's Node 22 where it is installed (the other V8 the table names).
  for (const [name, node] of [["this node", process.execPath], ["Node 22", existsSync(NODE22) ? NODE22 : undefined]] as const) {
    it.skipIf(node === undefined)(`sets only flags the V8 of ${name} accepts (nothing on stderr)`, () => {
      const version = run(node!, "console.log(process.versions.v8)").stdout.trim();
      const r = run(node!, `require("node:v8").setFlagsFromString(${JSON.stringify(oneShotV8Flags(version).join(" "))}); console.log("set")`);
      expect(r.stderr).toBe("");
      expect(r.stdout.trim()).toBe("set");
    });
  }
});
