// The same text in another canonical form is the same word. Text pasted from macOS and some tools is
// decomposed (NFD: "e" + U+0301, Hangul as its jamo) while what a user types is composed (NFC), and
// the two look alike on the screen: a search for "élève" or "한글" found nothing in a session that
// said them decomposed. Every way a word becomes a term (the query tokenizer, the per-session index,
// the cross-session index's word counter) folds it to one form.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildRecallIndex, search, type SessionEntry } from "../../src/engine/index.js";
import { TermTable, tokenize, WordRows } from "../../src/engine/recall/index.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { describeWithSqlite } from "../support/sqlite.js";

const COMPOSED = "Élève 한글 Ångström";
const DECOMPOSED = COMPOSED.normalize("NFD");

describe("words in either canonical form", () => {
  it("the texts differ, the words are the same", () => {
    expect(DECOMPOSED).not.toBe(COMPOSED);
    expect(tokenize(DECOMPOSED)).toEqual(["élève", "한글", "ångström"]);
    expect(tokenize(COMPOSED)).toEqual(tokenize(DECOMPOSED));
  });

  it("the per-session and cross-session tables count them as one term", () => {
    const table = new TermTable();
    table.addText(DECOMPOSED, 0);
    table.addText(COMPOSED, 1);
    expect([...table.terms].sort()).toEqual(["élève", "ångström", "한글"].sort());
    const rows = new WordRows();
    rows.addText(DECOMPOSED, 0);
    rows.addText(COMPOSED, 1);
    const { dfs } = rows.segmentRows();
    expect([...rows.terms].sort()).toEqual(["élève", "ångström", "한글"].sort());
    expect(dfs).toEqual([2, 2, 2]);
  });

  it("a session's recall finds decomposed text by the composed query, and the other way round", () => {
    const entries = [
      { type: "message", id: "u1", parentId: null, timestamp: "", message: { role: "user", content: `notes on ${DECOMPOSED}`, timestamp: 1 } },
      { type: "message", id: "u2", parentId: "u1", timestamp: "", message: { role: "user", content: `more on ${COMPOSED}`, timestamp: 2 } },
    ] as unknown as SessionEntry[];
    const index = buildRecallIndex({ entries });
    for (const query of ["élève 한글", "élève 한글".normalize("NFD")]) {
      const page = search(index, query);
      if (!page.ok) throw new Error(page.message);
      expect(page.value.hits.map((h) => h.entryId).sort()).toEqual(["u1", "u2"]);
    }
  });
});

const dir = mkdtempSync(join(tmpdir(), "recall-forms-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeWithSqlite("the cross-session index and canonical forms", () => {
  it("finds a session that said the words decomposed by the composed query", () => {
    const file = join(dir, "s.jsonl");
    const line = (v: object) => `${JSON.stringify(v)}\n`;
    writeFileSync(
      file,
      line({ type: "session", version: 3, id: "s", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" }) +
        line({ type: "message", id: "u1", parentId: null, timestamp: "2026-03-01T10:00:01.000Z", message: { role: "user", content: "look", timestamp: 1 } }) +
        line({ type: "message", id: "r1", parentId: "u1", timestamp: "2026-03-01T10:00:02.000Z", message: { role: "toolResult", toolCallId: "c", toolName: "read", content: [{ type: "text", text: `1. ${DECOMPOSED} ✅` }], isError: false, timestamp: 2 } }),
    );
    const cache = RecallCache.open(join(dir, "recall.sqlite"));
    try {
      cache.update([file], "1.6");
      const page = cache.search("élève 한글");
      if (!page.ok) throw new Error(page.message);
      expect(page.value.hits.map((h) => h.entryId)).toEqual(["r1"]);
    } finally {
      cache.close();
    }
  });
});
