// The tree's status line on narrow terminals: the totals shorten so the damaged-line count (or
// "checking lines…" while a first look is checked) stays on screen.
import { describe, expect, it } from "vitest";
import { statusText, type StatusFacts } from "../../components/tree/StatusLine.js";
import { displayWidth } from "../../components/kit/text-width.js";

const FACTS: StatusFacts = { entryCount: 12479, branches: 35, branchPoints: 34, contextTokens: 175891, damagedLines: 0 };

describe("status line", () => {
  it("shows every detail where there is room", () => {
    expect(statusText({ ...FACTS, checking: true }, 140)).toBe(
      "12,479 entries · 35 branches (34 branch points) · context ~175,891 tokens (estimate) · checking lines…",
    );
  });

  it("keeps 'checking lines…' and the damage count whole at 80 and 60 columns", () => {
    for (const width of [80, 60]) {
      const checking = statusText({ ...FACTS, checking: true }, width);
      expect(checking.endsWith("checking lines…")).toBe(true);
      expect(displayWidth(checking) + 1).toBeLessThanOrEqual(width);
      const damaged = statusText({ ...FACTS, damagedLines: 2 }, width);
      expect(damaged.endsWith("2 damaged lines")).toBe(true);
      expect(displayWidth(damaged) + 1).toBeLessThanOrEqual(width);
    }
    expect(statusText({ ...FACTS, checking: true }, 80)).toBe("12,479 entries · 35 branches · context ~175,891 tokens · checking lines…");
  });

  it("names the first damaged line after the totals, once the lines are checked", () => {
    const facts = { ...FACTS, damagedLines: 1, firstProblem: { line: 8, problem: "not valid JSON" } };
    expect(statusText(facts, 120)).toBe("12,479 entries · 35 branches · context ~175,891 tokens · 1 damaged line (first: line 8: not valid JSON; ! lists all)");
    // Narrower: the totals give way before where the damage is, then the problem's words.
    expect(statusText(facts, 100)).toBe("12,479 entries · ~175,891 tokens · 1 damaged line (first: line 8: not valid JSON; ! lists all)");
    expect(statusText(facts, 80)).toBe("12,479 entries · ~175,891 tokens · 1 damaged line (first: line 8; ! lists all)");
    // Too narrow for any note: the count stays.
    expect(statusText({ ...facts, entryCount: 3, contextTokens: 15 }, 40)).toBe("3 entries · ~15 tokens · 1 damaged line");
    for (const width of [120, 100, 80, 70]) expect(displayWidth(statusText(facts, width)) + 1, `${width}`).toBeLessThanOrEqual(width);
    expect(statusText({ ...facts, checking: true }, 80)).not.toContain("first:");
  });
});
