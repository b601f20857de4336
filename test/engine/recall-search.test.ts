// Recall search on a hand-built session with known answers: words, prefixes, typos, phrases,
// regular expressions, filters, labels, snippets, segments, paging, browse and expand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  browse,
  buildRecallIndex,
  buildRecallIndexForTree,
  buildTree,
  expand,
  parseSession,
  search,
  type RecallIndex,
  type RecallSearchPage,
  type SessionEntry,
} from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

function fixtureIndex(): RecallIndex {
  const loaded = parseSession(readFileSync(join(FIXTURES, "recall", "session.jsonl")), "1.6");
  return buildRecallIndexForTree(buildTree(loaded));
}

function ok(r: ReturnType<typeof search>): RecallSearchPage {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

const buildRecallIndexFromEntries = (entries: SessionEntry[]): RecallIndex => buildRecallIndex({ entries });
const ids = (p: RecallSearchPage): string[] => p.hits.map((h) => h.entryId);
const index = fixtureIndex();

describe("recall search: words", () => {
  it("numbers message entries with the global #N in file order, summaries have none", () => {
    const byId = new Map(index.docs.map((d) => [d.entryId, d.ref]));
    expect(byId.get("u1")).toBe(0);
    expect(byId.get("r2")).toBe(4);
    expect(byId.get("b1")).toBe(8);
    expect(byId.get("u3")).toBe(12);
    expect(byId.get("u5")).toBe(18);
    expect(byId.get("k1")).toBeNull();
    expect(byId.get("s1")).toBeNull();
  });

  it("keeps tool errors whole but caps ordinary tool output", () => {
    expect(ids(ok(search(index, "zebracorn")))).toEqual(["r2"]);
    expect(ok(search(index, "unicornfish")).total).toBe(0);
  });

  it("finds thinking, tool-call arguments and summaries", () => {
    expect(ids(ok(search(index, "inverted")))).toContain("a1"); // thinking
    expect(ids(ok(search(index, "changelog", { scope: "all" })))).toEqual(expect.arrayContaining(["u4", "a7", "k2"]));
    expect(ids(ok(search(index, "CSRF")))).toEqual(["s1"]);
  });

  it("searches the active lineage by default and every branch with scope all", () => {
    expect(ids(ok(search(index, "cookies")))).toEqual(["u5"]);
    expect(ids(ok(search(index, "cookies", { scope: "all" }))).sort()).toEqual(["b1", "u5"]);
  });

  it("matches longer forms of a word (prefix) but ranks exact matches first", () => {
    const page = ok(search(index, "cookie", { scope: "all" }));
    expect(ids(page).sort()).toEqual(["b1", "b2", "s1", "u5"]);
    const exact = new Set(["b2", "s1"]);
    expect(exact.has(page.hits[0].entryId) && exact.has(page.hits[1].entryId)).toBe(true);
  });

  it("answers a misspelt word with the index's nearest term and says so", () => {
    const page = ok(search(index, "refactr"));
    expect(page.corrections).toEqual({ refactr: ["refactor"] });
    expect(ids(page)).toEqual(["u2"]);
  });

  it("drops stop words unless nothing else is left", () => {
    expect(ok(search(index, "the zebracorn")).hits.map((h) => h.entryId)).toEqual(["r2"]);
    expect(ok(search(index, "the")).total).toBeGreaterThan(0);
  });
});

describe("recall search: phrases and regular expressions", () => {
  it("a quoted phrase needs its words in order", () => {
    expect(ids(ok(search(index, '"session store"'))).sort()).toEqual(["a5", "s1", "u2"]);
    expect(ok(search(index, '"store session"')).total).toBe(0);
  });

  it("a /regex/ scans every line, case-insensitively, in chronological order", () => {
    expect(ids(ok(search(index, "/expire[sd]/")))).toEqual(["r1", "a3", "a6"]);
    expect(ids(ok(search(index, "/^on branch \\w+$/")))).toEqual(["x1"]);
  });

  it("a regex scan that runs out of its time budget stops and says its results are partial", () => {
    let t = 0;
    const page = ok(search(index, "/login/", { now: () => (t += 1000), budgetMs: 2500 }));
    expect(page.timedOut).toBe(true);
    expect(page.total).toBeLessThan(ok(search(index, "/login/")).total);
  });

  it("highlights are offsets into the snippet text", () => {
    const hit = ok(search(index, "zebracorn")).hits[0];
    expect(hit.snippet).not.toBeNull();
    const { text, highlights } = hit.snippet!;
    expect(highlights.map((r) => text.slice(r.start, r.end))).toEqual(["zebracorn"]);
    expect(text).toContain("AssertionError: zebracorn token mismatch");
    expect(hit.snippet!.linesAbove).toBe(0);
    expect(hit.snippet!.linesBelow).toBe(0);
    const phrase = ok(search(index, '"session store"')).hits.find((h) => h.entryId === "u2")!.snippet!;
    expect(phrase.highlights.map((r) => phrase.text.slice(r.start, r.end))).toEqual(["session store"]);
  });
});

describe("recall search: filters", () => {
  it("tool:bash finds the calls, their results and the user's own !commands", () => {
    expect(ids(ok(search(index, "tool:bash")))).toEqual(["a2", "r2", "x1"]);
  });

  it("file: matches tool calls on that path and the results that answered them", () => {
    expect(ids(ok(search(index, "file:src/auth.ts")))).toEqual(["a1", "r1", "a3", "r3"]);
    expect(ids(ok(search(index, "file:auth.test.ts")))).toEqual(["a6", "r4"]);
  });

  it("role: narrows words and lists on its own", () => {
    expect(ids(ok(search(index, "role:user", { pageSize: 50 })))).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(ids(ok(search(index, "role:summary login")))).toEqual(expect.arrayContaining(["k1", "k2"]));
    expect(ok(search(index, "role:summary login")).hits.every((h) => h.role === "compaction" || h.role === "branchSummary")).toBe(true);
  });
});

describe("recall search: labels, segments, pages", () => {
  it("labels abandoned, compacted and forgotten entries", () => {
    const all = ok(search(index, "cookies", { scope: "all" }));
    expect(all.hits.find((h) => h.entryId === "b1")!.labels).toEqual(["abandoned branch"]);
    expect(ok(search(index, "zebracorn")).hits[0].labels).toEqual(["compacted", "forgotten"]);
    expect(ok(search(index, "Shipped")).hits[0].labels).toEqual([]);
  });

  it("groups hits into their conversation segment with the opening turn and neighbours", () => {
    const page = ok(search(index, "zebracorn"));
    expect(page.segments).toHaveLength(1);
    const seg = page.segments[0];
    expect([seg.firstRef, seg.lastRef, seg.entryCount, seg.matchCount]).toEqual([0, 7, 8, 1]);
    const shape = seg.lines.map((l) => (l.kind === "elided" ? `…${l.count}` : `${l.entry.entryId}${l.hit ? "*" : ""}`));
    expect(shape).toEqual(["u1", "…2", "a2", "r2*", "a3", "…2"]);
  });

  it("orders segments chronologically whatever the rank", () => {
    const page = ok(search(index, "login"));
    const starts = page.segments.map((s) => s.firstRef ?? -1);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it("pages through ranked hits and refuses a page past the end", () => {
    const all = ok(search(index, "login", { pageSize: 50 }));
    const p1 = ok(search(index, "login", { pageSize: 2 }));
    const p2 = ok(search(index, "login", { pageSize: 2, page: 2 }));
    expect(p1.pageCount).toBe(Math.ceil(all.total / 2));
    expect([...ids(p1), ...ids(p2)]).toEqual(ids(all).slice(0, 4));
    expect(p2.hits[0].rank).toBe(3);
    const past = search(index, "login", { pageSize: 2, page: 99 });
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.message).toMatch(/^Page 99 is outside the available range 1-\d+/);
  });
});

describe("recall browse and expand", () => {
  it("browse lists the latest entries of the scope, oldest first", () => {
    const b = browse(index, { limit: 3 });
    expect(b.ok && b.value.entries.map((e) => e.entryId)).toEqual(["a7", "k2", "u5"]);
    expect(b.ok && b.value.total).toBe(20);
  });

  it("expand gives whole entries by #N or id, deduplicated, in request order", () => {
    const r = expand(index, ["r3", "#4", "4"]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((e) => e.entryId)).toEqual(["r3", "r2"]);
    expect(r.value[0].text).toContain("unicornfish");
  });

  it("expand refuses entries outside the scope, and ones that do not exist, naming them", () => {
    const r = expand(index, ["b1", "#999"]);
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^No entry #999 in this session: give an entry id, or #N for a result number from #1 to #\d+; Cannot expand entries outside the active lineage: b1$/) });
    expect(expand(index, ["b1"], { scope: "all" }).ok).toBe(true);
  });
});

describe("recall indexing rules", () => {
  it("never indexes recall's own tool calls and results (a repeated query must not find itself)", () => {
    const t = "2026-01-01T00:00:00.000Z";
    const own = buildRecallIndexFromEntries([
      { type: "message", id: "u", parentId: null, timestamp: t, message: { role: "user", content: "where is the walrus config" } },
      { type: "message", id: "a", parentId: "u", timestamp: t, message: { role: "assistant", content: [{ type: "toolCall", id: "c", name: "vcc_recall", arguments: { query: "walrus" } }] } },
      { type: "message", id: "r", parentId: "a", timestamp: t, message: { role: "toolResult", toolCallId: "c", toolName: "vcc_recall", content: [{ type: "text", text: "#0 [user] where is the walrus config" }], isError: false } },
    ]);
    const r = search(own, "walrus");
    expect(r.ok && r.value.hits.map((h) => h.entryId)).toEqual(["u"]);
    expect(own.docs.map((d) => d.ref)).toEqual([0]);
  });
});
