// Tokenizing a session is most of the cost of its recall index, so it waits for the first search
// that needs words; browse, expand, regex and filter listings never pay for it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { browse, buildRecallIndexForTree, buildTree, expand, parseSession, search } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

const fresh = () => buildRecallIndexForTree(buildTree(parseSession(readFileSync(join(FIXTURES, "recall", "session.jsonl")), "1.6")));

describe("recall terms are built on demand", () => {
  it("browse, expand, regex and filter-only searches do not tokenize", () => {
    const index = fresh();
    const terms = vi.spyOn(index, "terms");
    expect(browse(index).ok).toBe(true);
    expect(expand(index, ["#0"]).ok).toBe(true);
    expect(search(index, "/expire[sd]/", { scope: "all" }).ok).toBe(true);
    expect(search(index, "tool:bash").ok).toBe(true);
    expect(terms).not.toHaveBeenCalled();
  });

  it("the first word search tokenizes once; later searches reuse it", () => {
    const index = fresh();
    const first = search(index, "login");
    expect(first.ok && first.value.total).toBeGreaterThan(0);
    const built = index.terms();
    expect(index.terms()).toBe(built);
    expect(built.postings.get("login")!.length).toBeGreaterThan(0);
    expect(built.lengths).toHaveLength(index.docs.length);
    const again = search(index, "login");
    expect(again.ok && again.value.hits.map((h) => h.entryId)).toEqual(first.ok && first.value.hits.map((h) => h.entryId));
  });
});
