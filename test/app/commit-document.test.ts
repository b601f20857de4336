// A tree handed over without a snapshot (read elsewhere) is checked against a fresh read before the
// first commit: the same file gets a snapshot, a changed one is refused in one line.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { readDocument, withSnapshot } from "../../components/document/commit-to-file.js";
import { useFixtureCopies } from "../support/fixture-copies.js";

const copies = useFixtureCopies("document");
let dir: string;
let file: string;
beforeEach(() => {
  dir = copies.dir();
  file = copies.copy("app/branched.jsonl");
});

function treeOnly() {
  const doc = readDocument(file, "1.6");
  if (!doc.ok) throw new Error(doc.message);
  return { path: file, tree: doc.value.tree };
}

describe("session document", () => {
  it("takes a snapshot when the file still holds what the tree shows", () => {
    const ready = withSnapshot(treeOnly(), "1.6");
    expect(ready.ok).toBe(true);
    if (ready.ok) expect(ready.value.snapshot?.path).toBe(file);
  });

  it("refuses when the file gained entries since the tree was read", () => {
    const doc = treeOnly();
    appendFileSync(file, '{"type":"session_info","id":"zz","parentId":"lb1","timestamp":"2026-11-01T10:00:30.000Z","name":"x"}\n');
    const ready = withSnapshot(doc, "1.6");
    expect(ready).toEqual({ ok: false, message: `${file}: the file changed since it was read (20 -> 21 entries); nothing was written. Ctrl+R in the tree reads it again` });
  });

  it("names the file in one line when it cannot be read", () => {
    const missing = readDocument(join(dir, "gone.jsonl"), "1.6");
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.message).toBe(`${join(dir, "gone.jsonl")}: no such file`);
  });
});
