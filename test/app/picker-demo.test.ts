// The bundled demo opens as a private copy: trying a label or a fork on it must not edit the file
// shipped inside the package, one copy serves a whole app run, and it is gone when the run ends.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoSessionPath, demoWorkingCopy } from "../../components/picker/demo-session.js";
import { makeDemoCopy, removeDemoCopy } from "../../src/engine/index.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-demo-test-"));
  made.push(root);
  return root;
}

const bundled = (): string => {
  const path = demoSessionPath();
  expect(path).toBeDefined();
  return path!;
};

describe("demo copy in the store", () => {
  it("copies the bundled demo into a fresh folder under the temp root, with the same content", () => {
    const root = tempRoot();
    const copy = makeDemoCopy(bundled(), root)!;
    expect(copy.file).not.toBe(bundled());
    expect(dirname(copy.file)).toBe(copy.dir);
    expect(dirname(copy.dir)).toBe(root);
    expect(readFileSync(copy.file, "utf8")).toBe(readFileSync(bundled(), "utf8"));
    // Appending to the copy (what a label write does) leaves the bundled file alone.
    writeFileSync(copy.file, "{}\n", { flag: "a" });
    expect(readFileSync(bundled(), "utf8")).not.toContain("\n{}\n");
  });

  it("removes the folder it made, with what was written next to the copy, and only once", () => {
    const root = tempRoot();
    const copy = makeDemoCopy(bundled(), root)!;
    writeFileSync(`${copy.file}.lock`, "{}");
    expect(removeDemoCopy(copy)).toBe(true);
    expect(existsSync(copy.dir)).toBe(false);
    expect(removeDemoCopy(copy)).toBe(false);
  });

  it("never deletes a folder it did not make, even one that looks like a copy", () => {
    const root = tempRoot();
    const dir = join(root, "pi-explorer-demo-abc123");
    mkdirSync(dir);
    writeFileSync(join(dir, "demo-session.jsonl"), "{}\n");
    expect(removeDemoCopy({ file: join(dir, "demo-session.jsonl"), dir })).toBe(false);
    expect(existsSync(join(dir, "demo-session.jsonl"))).toBe(true);
  });

  it("makes no copy and leaves nothing behind when the bundled file is missing", () => {
    const root = tempRoot();
    expect(makeDemoCopy("/nonexistent/demo-session.jsonl", root)).toBeUndefined();
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("demo working copy of an app run", () => {
  it("reuses one copy for every open, so earlier writes of the run are still there", () => {
    const root = tempRoot();
    const demo = demoWorkingCopy(bundled(), root);
    const first = demo.path()!;
    writeFileSync(first, "{}\n", { flag: "a" });
    expect(demo.path()).toBe(first);
    expect(readFileSync(first, "utf8")).toContain("\n{}\n");
    expect(readdirSync(root)).toHaveLength(1);
    demo.dispose();
    expect(readdirSync(root)).toEqual([]);
  });

  it("makes a new copy when the old one vanished, and none before the first open", () => {
    const root = tempRoot();
    const demo = demoWorkingCopy(bundled(), root);
    expect(readdirSync(root)).toEqual([]);
    const first = demo.path()!;
    rmSync(first);
    const second = demo.path()!;
    expect(second).not.toBe(first);
    expect(readFileSync(second, "utf8")).toBe(readFileSync(bundled(), "utf8"));
    // The emptied folder of the first copy was this run's, so it went too.
    expect(readdirSync(root)).toHaveLength(1);
    demo.dispose();
    expect(readdirSync(root)).toEqual([]);
  });

  it("never hands out the bundled file itself: no copy, no path", () => {
    const demo = demoWorkingCopy(bundled(), "/nonexistent-temp-root");
    expect(demo.path()).toBeUndefined();
    demo.dispose();
    expect(existsSync(bundled())).toBe(true);
  });
});
