// Scopes with known spans: compaction:N is exactly what that compaction summarized (numbered
// from 1), compaction:latest the last one, forgotten what the model no longer sees.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  browse,
  buildRecallIndex,
  buildRecallIndexForTree,
  buildTree,
  parseScope,
  parseSession,
  search,
  type SessionEntry,
} from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

const loaded = parseSession(readFileSync(join(FIXTURES, "recall", "session.jsonl")), "1.6");
const index = buildRecallIndexForTree(buildTree(loaded));

function scopeIds(scope: string): string[] {
  const b = browse(index, { scope, limit: 1000 });
  if (!b.ok) throw new Error(b.message);
  return b.value.entries.map((e) => e.entryId);
}

describe("recall scopes", () => {
  it("lineage is the path from the root to the leaf", () => {
    expect(scopeIds("lineage")).toEqual(["u1", "a1", "r1", "a2", "r2", "a3", "r3", "a4", "u2", "a5", "k1", "u3", "a6", "r4", "x1", "s1", "u4", "a7", "k2", "u5"]);
  });

  it("compaction:1 is exactly the span the first compaction summarized", () => {
    expect(scopeIds("compaction:1")).toEqual(["u1", "a1", "r1", "a2", "r2", "a3", "r3", "a4"]);
  });

  it("compaction:2 re-summarizes from where compaction 1 kept, up to its own kept entry", () => {
    expect(scopeIds("compaction:2")).toEqual(["u2", "a5", "u3", "a6", "r4", "x1", "s1"]);
    expect(scopeIds("compaction:latest")).toEqual(scopeIds("compaction:2"));
  });

  it("a search in a compaction scope finds only what that compaction summarized", () => {
    const r = search(index, "login", { scope: "compaction:1" });
    expect(r.ok && r.value.hits.every((h) => h.ref !== null && h.ref <= 7)).toBe(true);
    expect(r.ok && r.value.scopeLabel).toBe(" (scope: compaction:1, messages #0-#7)");
    const two = search(index, "regression", { scope: "compaction:2" });
    expect(two.ok && two.value.hits.map((h) => h.entryId)).toEqual(["u3", "a6"]);
  });

  it("forgotten is every path entry that is not in the model's context", () => {
    expect(scopeIds("forgotten")).toEqual(["u1", "a1", "r1", "a2", "r2", "a3", "r3", "a4", "u2", "a5", "k1", "u3", "a6", "r4", "x1", "s1"]);
  });

  it("the forgotten scope follows the leaf: before the first compaction nothing is forgotten", () => {
    const early = buildRecallIndexForTree(buildTree(loaded), { leafId: "a5" });
    const b = browse(early, { scope: "forgotten" });
    expect(b.ok && b.value.total).toBe(0);
  });

  it("without the context engine's ids, the latest-compaction rule gives the same forgotten set", () => {
    const plain = buildRecallIndex({ entries: loaded.entries as SessionEntry[] });
    expect(plain.forgotten.map((d) => plain.docs[d].entryId)).toEqual(scopeIds("forgotten"));
  });

  it("unknown scopes and missing compactions are clear one-line errors", () => {
    expect(parseScope("everything")).toEqual({ ok: false, message: 'Unknown scope "everything": use lineage (default), all, forgotten, compaction:N or compaction:latest.' });
    const r = search(index, "login", { scope: "compaction:3" });
    expect(r).toEqual({ ok: false, message: "No compaction 3: this session has 2 (use compaction:1 to compaction:2, or compaction:latest)." });
    expect(search(index, "login", { scope: "compaction:0" }).ok).toBe(false);
    const none = buildRecallIndex({ entries: loaded.entries.filter((e) => e.type !== "compaction") as SessionEntry[] });
    const n = search(none, "login", { scope: "compaction:latest" });
    expect(n.ok).toBe(false);
  });

  it("a scope: token in the query wins over the option", () => {
    const r = search(index, "cookies scope:all", { scope: "lineage" });
    expect(r.ok && r.value.hits.map((h) => h.entryId).sort()).toEqual(["b1", "u5"]);
  });
});
