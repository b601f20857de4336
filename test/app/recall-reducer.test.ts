// The recall screen's pure logic: typing and the debounce/sequence contract, scope cycling, paging,
// selection, expand, and what a result draws (labels, highlights, window).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRecallIndexForTree, type RecallIndex } from "../../src/engine/index.js";
import { highlightLines } from "../../components/recall/highlight.js";
import { recallKeyAction } from "../../components/recall/recall-keys.js";
import {
  initRecallState,
  pendingRequest,
  recallReducer,
  selectedItem,
  TYPING_DEBOUNCE_MS,
  type RecallAction,
  type RecallState,
} from "../../components/recall/recall-reducer.js";
import { resultItems } from "../../components/recall/result-items.js";
import { resultLayout, windowStart } from "../../components/recall/result-lines.js";
import { expandEntry, runRecall } from "../../components/recall/run-recall.js";
import { FIXTURES } from "../support/shared.js";
import { treeFromText } from "./load-fixture.js";
import type { KeyName, KeyPress } from "../../components/kit/keys.js";

const tree = treeFromText(readFileSync(join(FIXTURES, "recall", "session.jsonl"), "utf8"));
const index: RecallIndex = buildRecallIndexForTree(tree);

const run = (s: RecallState, ...actions: RecallAction[]) => actions.reduce(recallReducer, s);
/** What the hook does: run the pending request and hand the answer back with its seq. */
function answer(s: RecallState): RecallState {
  const req = pendingRequest(s);
  if (!req) throw new Error("no pending request");
  return recallReducer(s, { type: "resultArrived", seq: req.seq, outcome: runRecall(index, req) });
}
const ready = () => answer(run(initRecallState(), { type: "indexReady", compactionCount: index.compactions.length }));
const text = (cells: { text: string }[]) => cells.map((c) => c.text).join("");

describe("recall reducer: typing, debounce and sequence numbers", () => {
  it("asks for nothing until the index is built, then browses the latest entries at once", () => {
    const s0 = initRecallState();
    expect(s0.ready).toBe(false);
    expect(pendingRequest(s0)).toBeNull();
    const s1 = recallReducer(s0, { type: "indexReady", compactionCount: 2 });
    expect(pendingRequest(s1)).toMatchObject({ query: "", page: 1, delay: 0, scope: { kind: "lineage" } });
    const s2 = answer(s1);
    expect(pendingRequest(s2)).toBeNull();
    expect(s2.shown?.outcome.kind).toBe("browse");
    expect(resultItems(s2.shown!.outcome).at(-1)?.entryId).toBe("u5");
  });

  it("each typed change bumps the seq and waits for the typing pause; only the last answer lands", () => {
    let s = ready();
    const before = s.seq;
    s = run(s, { type: "setQuery", query: "c" }, { type: "setQuery", query: "co" }, { type: "setQuery", query: "cookies" });
    expect(s.seq).toBe(before + 3);
    const req = pendingRequest(s)!;
    expect(req).toMatchObject({ query: "cookies", delay: TYPING_DEBOUNCE_MS });
    // A search started for "co" (seq before+2) that answers late is dropped.
    const stale = recallReducer(s, { type: "resultArrived", seq: before + 2, outcome: runRecall(index, { query: "co", scope: { kind: "lineage" }, page: 1 }) });
    expect(stale).toBe(s);
    const done = answer(s);
    expect(done.shown?.seq).toBe(done.seq);
    expect(done.shown?.outcome.kind === "search" && done.shown.outcome.page.query).toBe("cookies");
  });

  it("keeps the previous result on screen while the next search is pending", () => {
    const s = run(answer(run(ready(), { type: "setQuery", query: "cookies" })), { type: "setQuery", query: "cookie" });
    expect(s.shown?.outcome.kind).toBe("search");
    expect(pendingRequest(s)?.query).toBe("cookie");
  });

  it("clearQuery drops the query and its hits, returns to typing, and asks for the latest entries at once", () => {
    const typed = answer(run(ready(), { type: "setQuery", query: "cookies" }, { type: "setFocus", focus: "results" }));
    expect(typed.shown?.outcome.kind).toBe("search");
    const cleared = recallReducer(typed, { type: "clearQuery" });
    expect(cleared.query).toBe("");
    expect(cleared.focus).toBe("query");
    expect(cleared.shown).toBeNull();
    expect(pendingRequest(cleared)).toMatchObject({ query: "", delay: 0 });
    expect(answer(cleared).shown?.outcome.kind).toBe("browse");
    // With nothing typed there is nothing to clear: the state is unchanged (the screen closes instead).
    expect(recallReducer(cleared, { type: "clearQuery" })).toBe(cleared);
  });

  it("drops control characters from the query and ignores a change that changes nothing", () => {
    const s = run(ready(), { type: "setQuery", query: "lo\x1b[2Jgin" });
    expect(s.query).toBe("lo[2Jgin");
    expect(recallReducer(s, { type: "setQuery", query: "lo[2Jgin" })).toBe(s);
  });
});

describe("recall reducer: scopes, pages, selection, expand", () => {
  it("cycles lineage → all → forgotten → compaction:1 → compaction:2 (latest) and back, searching at once", () => {
    let s = run(ready(), { type: "setQuery", query: "cookies" });
    s = answer(s);
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      names.push(s.scopes[s.scopeIndex].name);
      s = recallReducer(s, { type: "cycleScope", direction: 1 });
      expect(pendingRequest(s)?.delay).toBe(0);
    }
    expect(names).toEqual(["lineage", "all", "forgotten", "compaction:1", "compaction:2 (latest)", "lineage"]);
    const back = recallReducer(ready(), { type: "cycleScope", direction: -1 });
    expect(back.scopes[back.scopeIndex].name).toBe("compaction:2 (latest)");
  });

  it("the all scope finds the abandoned branch hit, labelled as such", () => {
    const s = answer(run(ready(), { type: "setQuery", query: "cookies" }, { type: "cycleScope", direction: 1 }));
    const items = resultItems(s.shown!.outcome);
    expect(items.map((i) => i.entryId)).toEqual(["b1", "u5"]);
    expect(items[0].labels).toEqual(["abandoned branch"]);
  });

  it("pages forward and back within the page count, and resets to page 1 on a new query", () => {
    let s = answer(run(ready(), { type: "setQuery", query: "the" }, { type: "cycleScope", direction: 1 }));
    const outcome = s.shown!.outcome;
    expect(outcome.kind).toBe("search");
    if (outcome.kind !== "search") return;
    expect(outcome.page.pageCount).toBeGreaterThan(1);
    expect(recallReducer(s, { type: "turnPage", direction: -1 })).toBe(s);
    s = answer(recallReducer(s, { type: "turnPage", direction: 1 }));
    expect(s.page).toBe(2);
    expect(s.shown?.outcome.kind === "search" && s.shown.outcome.page.page).toBe(2);
    for (let p = 2; p < outcome.page.pageCount; p++) s = answer(recallReducer(s, { type: "turnPage", direction: 1 }));
    expect(recallReducer(s, { type: "turnPage", direction: 1 })).toBe(s);
    s = recallReducer(s, { type: "setQuery", query: "login" });
    expect(s.page).toBe(1);
  });

  it("moves the selection over the hits, wrapping, in the order they are drawn", () => {
    let s = answer(run(ready(), { type: "setQuery", query: "expiry" }, { type: "cycleScope", direction: 1 }));
    const items = resultItems(s.shown!.outcome);
    expect(items.length).toBeGreaterThan(2);
    expect(selectedItem(s)?.entryId).toBe(items[0].entryId);
    s = recallReducer(s, { type: "move", delta: 1 });
    expect(selectedItem(s)?.entryId).toBe(items[1].entryId);
    s = run(s, { type: "move", delta: -1 }, { type: "move", delta: -1 });
    expect(selectedItem(s)?.entryId).toBe(items.at(-1)!.entryId);
    // Hits are drawn chronologically (by segment), not by score.
    const refs = items.map((i) => i.ref ?? -1).filter((r) => r >= 0);
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
  });

  it("expands the selected entry in full and scrolls within it; a new result closes it", () => {
    let s = answer(run(ready(), { type: "setQuery", query: "regression" }));
    const r = expandEntry(index, selectedItem(s)!.entryId);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    s = recallReducer(s, { type: "expandOpened", entry: r.entry });
    expect(s.expanded?.entry.entryId).toBe(selectedItem(s)!.entryId);
    s = recallReducer(s, { type: "scrollExpanded", delta: 5, total: 10, height: 4 });
    expect(s.expanded?.scroll).toBe(5);
    s = recallReducer(s, { type: "scrollExpanded", delta: 50, total: 10, height: 4 });
    expect(s.expanded?.scroll).toBe(6);
    expect(recallReducer(s, { type: "collapse" }).expanded).toBeNull();
    s = answer(recallReducer(s, { type: "setQuery", query: "cookies" }));
    expect(s.expanded).toBeNull();
  });

  it("an invalid regular expression is a one-line message, not a result", () => {
    const s = answer(run(ready(), { type: "setQuery", query: "/a(/" }));
    expect(s.shown?.outcome).toMatchObject({ kind: "error" });
    const message = s.shown?.outcome.kind === "error" ? s.shown.outcome.message : "";
    expect(message).toMatch(/^Invalid regular expression \/a\(\//);
    expect(message).not.toContain("\n");
    expect(resultItems(s.shown!.outcome)).toEqual([]);
  });
});

describe("recall keys", () => {
  const key = (name: KeyName | "", t = ""): KeyPress => ({ name, text: t });
  it("letters are typed while the query has focus and are commands in the results", () => {
    expect(recallKeyAction(key("e", "e"), { focus: "query" })).toEqual({ type: "editQuery", edit: { type: "insert", text: "e" } });
    expect(recallKeyAction(key("backspace"), { focus: "query" })).toEqual({ type: "editQuery", edit: { type: "backspace" } });
    expect(recallKeyAction(key("e", "e"), { focus: "results" })).toBe("expand");
    expect(recallKeyAction(key("n", "n"), { focus: "results" })).toEqual({ type: "turnPage", direction: 1 });
    expect(recallKeyAction(key("x", "x"), { focus: "results" })).toBe("typeNext");
  });
  it("Esc clears a typed query before it closes, from either focus; q and Ctrl+C close at once", () => {
    for (const focus of ["query", "results"] as const) {
      expect(recallKeyAction(key("escape"), { focus })).toBe("clearOrBack");
      expect(recallKeyAction(key("ctrl+c"), { focus })).toBe("back");
    }
    expect(recallKeyAction(key("q", "q"), { focus: "results" })).toBe("back");
  });
  it("enter jumps and shift+tab cycles the scope from either focus", () => {
    for (const focus of ["query", "results"] as const) {
      expect(recallKeyAction(key("enter"), { focus })).toBe("jump");
      expect(recallKeyAction(key("shift+tab"), { focus })).toEqual({ type: "cycleScope", direction: 1 });
    }
  });
});

describe("recall drawing: labels, highlights, window", () => {
  it("highlights the engine's ranges on sanitized pieces, per line", () => {
    const lines = highlightLines("say \x1b[2Jhi\nhi there\r\nend", [
      { start: 4, end: 10 },
      { start: 11, end: 13 },
    ]);
    expect(lines.map(text)).toEqual(["say ␛[2Jhi", "hi there", "end"]);
    expect(lines[0].filter((c) => c.hit).map((c) => c.text)).toEqual(["␛[2Jhi"]);
    expect(lines[1].filter((c) => c.hit).map((c) => c.text)).toEqual(["hi"]);
    expect(lines[2].some((c) => c.hit)).toBe(false);
  });

  it("draws segment headings, labelled hits with highlighted snippets and context entries", () => {
    const outcome = runRecall(index, { query: "cookies", scope: { kind: "all" }, page: 1 });
    const layout = resultLayout(outcome, 0);
    const drawn = layout.lines.map((l) => text(l.cells));
    expect(drawn[0]).toBe("── #8-#9 · 1 of 2 entries match ──");
    expect(drawn[1]).toBe("› b1 #8 user [abandoned branch]");
    expect(drawn[2]).toContain("Try storing the session in cookies instead");
    expect(layout.lines[2].cells.filter((c) => c.hit).map((c) => c.text)).toEqual(["cookies"]);
    expect(drawn[3]).toBe("  b2 #9 assistant [abandoned branch] Drafted a cookie based session store.");
    expect(layout.lines[3].item).toBeNull();
    expect(layout.itemSpans).toEqual([
      { first: 1, last: 2 },
      { first: 6, last: 7 },
    ]);
    const compacted = resultLayout(runRecall(index, { query: "regression", scope: { kind: "lineage" }, page: 1 }), 0);
    expect(compacted.lines.map((l) => text(l.cells)).join("\n")).toContain("[compacted] [forgotten]");
  });

  it("keeps the selected item inside the window", () => {
    const outcome = runRecall(index, { query: "expiry", scope: { kind: "all" }, page: 1 });
    const count = resultItems(outcome).length;
    for (let sel = 0; sel < count; sel++) {
      const layout = resultLayout(outcome, sel);
      const start = windowStart(layout, sel, 4);
      const span = layout.itemSpans[sel];
      expect(span.first).toBeGreaterThanOrEqual(start);
      expect(Math.min(span.last, span.first + 3)).toBeLessThan(start + 4);
      expect(start + 4).toBeLessThanOrEqual(Math.max(4, layout.lines.length));
    }
  });
});

describe("recall hit lines", () => {
  it("shift a snippet line whose match lies past the screen's edge so the match shows", async () => {
    const { showFirstHit } = await import("../../components/recall/result-lines.js");
    const cells = [
      { text: "x".repeat(100), tone: "plain" as const },
      { text: "needle", tone: "plain" as const, hit: true },
      { text: " after", tone: "plain" as const },
    ];
    const shifted = showFirstHit(cells, 34);
    const drawn = shifted.map((c) => c.text).join("");
    expect(drawn.startsWith("…")).toBe(true);
    expect(drawn.indexOf("needle")).toBeLessThan(34 - 6);
    expect(shifted.find((c) => c.hit)?.text).toBe("needle");
    // A match already in view is left alone.
    expect(showFirstHit(cells, 200)).toBe(cells);
  });
});
