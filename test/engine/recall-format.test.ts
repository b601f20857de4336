// Recall's plain-text answers: counts in the right number, no nested parentheses, and a "no
// matches" on the active path that says where else the session has them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildRecallIndexForTree,
  buildTree,
  formatSearchPage,
  matchesOutsideLineage,
  noMatchesText,
  parseSession,
  search,
  type RecallIndex,
  type RecallSearchPage,
} from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

function fixtureIndex(): RecallIndex {
  const loaded = parseSession(readFileSync(join(FIXTURES, "recall", "session.jsonl")), "1.6");
  return buildRecallIndexForTree(buildTree(loaded));
}

function page(index: RecallIndex, query: string, scope?: string): RecallSearchPage {
  const r = search(index, query, { scope });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

describe("matchesOutsideLineage", () => {
  const index = fixtureIndex();

  it("counts the whole session's matches when the lineage has none", () => {
    const lineage = page(index, "storing");
    expect(lineage.total).toBe(0);
    expect(matchesOutsideLineage(index, "storing", lineage)).toBe(page(index, "storing", "all").total);
    expect(matchesOutsideLineage(index, "storing", lineage)).toBe(1);
  });

  it("is 0 when the lineage has matches, for other scopes, and when nothing matches anywhere", () => {
    expect(matchesOutsideLineage(index, "cookies", page(index, "cookies"))).toBe(0);
    expect(matchesOutsideLineage(index, "xylophonic", page(index, "xylophonic", "forgotten"))).toBe(0);
    expect(matchesOutsideLineage(index, "xylophonic", page(index, "xylophonic"))).toBe(0);
  });

  it("looks in scope all even when the query names the lineage itself", () => {
    const lineage = page(index, "storing scope:lineage");
    expect(matchesOutsideLineage(index, "storing scope:lineage", lineage)).toBe(1);
  });
});

describe("formatSearchPage / noMatchesText", () => {
  const index = fixtureIndex();

  it("names where else the matches are, with how to get there", () => {
    const p = page(index, "storing");
    expect(formatSearchPage(p, 13)).toBe('No matches for "storing" in session history.\n(13 matches off the active path, in scope all: --scope all)');
    expect(noMatchesText(p, 1200, "Shift+Tab")).toBe('No matches for "storing" in session history.\n(1,200 matches off the active path, in scope all: Shift+Tab)');
    expect(formatSearchPage(p)).toBe('No matches for "storing" in session history.');
  });

  it("keeps vcc's header forms (spec/vcc.md §3.7), but in the singular for one match", () => {
    expect(formatSearchPage(page(index, "cookies")).split("\n")[0]).toBe('1 match for "cookies": 1 shown in 1 segment');
    const paged = formatSearchPage(page(index, "the", "all")).split("\n")[0];
    expect(paged).toMatch(/^Page 1\/2 \(11 total matches \(scope: all\)\) for "the": 10 shown across \d+ segments$/);
  });
});
