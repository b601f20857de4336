// The bundled demo opens as a private copy: trying a label or a fork on it must not edit the file
// shipped inside the package.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoSessionPath, demoWorkingCopy } from "../../components/picker/demo-session.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("demo working copy", () => {
  it("copies the bundled demo into a fresh temp folder, with the same content", () => {
    const bundled = demoSessionPath();
    expect(bundled).toBeDefined();
    const root = mkdtempSync(join(tmpdir(), "pi-explorer-demo-test-"));
    made.push(root);
    const copy = demoWorkingCopy(bundled!, root);
    expect(copy).not.toBe(bundled);
    expect(copy.startsWith(root)).toBe(true);
    expect(readFileSync(copy, "utf8")).toBe(readFileSync(bundled!, "utf8"));
    // Appending to the copy (what a label write does) leaves the bundled file alone.
    writeFileSync(copy, "{}\n", { flag: "a" });
    expect(readFileSync(bundled!, "utf8")).not.toContain("\n{}\n");
    expect(dirname(demoWorkingCopy(bundled!, root))).not.toBe(dirname(copy));
  });

  it("falls back to the bundled path when no copy can be made", () => {
    expect(demoWorkingCopy("/nonexistent/demo-session.jsonl", tmpdir())).toBe("/nonexistent/demo-session.jsonl");
  });
});
