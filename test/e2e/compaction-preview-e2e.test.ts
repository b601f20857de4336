// The built binary in a real terminal: open a fixture session's tree, Ctrl+K opens the compaction
// preview with the user's pi settings, the keepRecentTokens keys move the cut, d shows the
// before/after diff with marked rows, and Esc walks back out to a clean exit; w writes the compaction
// shown (on a private copy of the fixture) and lands back in the tree on the new entry.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { parseSession, type SessionEntry } from "../../src/engine/index.js";
import { cursorLine, exitedWith, useAppE2E } from "../support/app-e2e.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithTmux } from "../support/tmux.js";

const SESSION = join(FIXTURES, "app-compaction", "turns.jsonl");
const app = useAppE2E();

const cutLine = (screen: string): string => screen.split("\n").find((l) => l.includes("✂── cut")) ?? "";

describeWithTmux("compaction preview end to end (tmux, built binary)", () => {
  it("opens the preview from the tree, moves the cut with settings keys and shows the marked diff", async () => {
    const { term: t } = app.start({ session: SESSION, settings: { compaction: { keepRecentTokens: 2000 } }, size: { columns: 140, rows: 45 } });
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");

    t.keys("C-k");
    let screen = await t.waitFor((s) => s.includes("Compaction preview") && s.includes("✂── cut"), "the compaction preview");
    expect(screen).toContain("keepRecentTokens 2,000 (global)");
    expect(cutLine(screen)).toContain("first kept entry a52 (splits the turn started at u5)");
    expect(screen).toContain("▼ turn prefix of the split turn");
    expect(screen.split("\n").length).toBeLessThanOrEqual(44);

    t.type("]");
    t.type("]");
    screen = await t.waitFor((s) => s.includes("keepRecentTokens 2,200 (adjusted)") && !s.includes("(updating…)"), "keepRecentTokens to step up twice and the plan at it");
    expect(cutLine(screen)).toContain("first kept entry u5");
    expect(cutLine(screen)).not.toContain("splits the turn");
    expect(screen).not.toContain("▼ turn prefix of the split turn");

    t.type("d");
    screen = await t.waitFor((s) => s.includes("Context now → after this compaction"), "the before/after diff");
    const rows = screen.split("\n");
    expect(rows.find((l) => / u1 /.test(l))).toMatch(/^− user u1 /);
    expect(rows.find((l) => / u5 /.test(l))).toMatch(/^= user u5 .*│ user u5 /);
    expect(rows.some((l) => /^\+ .*│ summ \(new\)/.test(l))).toBe(true);
    expect(screen).toMatch(/tool results\s+█/);

    t.keys("Escape");
    await t.waitFor((s) => s.includes("▼ kept tail") && !s.includes("Context now"), "the bands again");
    t.keys("Escape");
    await t.waitFor((s) => s.includes("Session Tree") && !s.includes("Compaction preview"), "the tree again");
    t.keys("Escape");
    screen = await t.waitFor((s) => exitedWith(s) !== undefined, "the app to exit");
    expect(exitedWith(screen)).toBe("0");
  }, 90_000);

  it("writes the compaction at the tuned setting with w and returns to the tree on the new entry", async () => {
    const { term: t, file } = app.start({ session: SESSION, copy: true, settings: { compaction: { keepRecentTokens: 2000 } }, size: { columns: 140, rows: 45 } });
    const before = readFileSync(file);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    t.keys("C-k");
    await t.waitFor((s) => s.includes("Compaction preview") && s.includes("✂── cut"), "the compaction preview");
    t.type("]");
    t.type("]");
    let screen = await t.waitFor((s) => s.includes("keepRecentTokens 2,200 (adjusted)") && !s.includes("(updating…)"), "keepRecentTokens to step up twice and the plan at it");
    expect(cutLine(screen)).toContain("first kept entry u5");

    t.type("w");
    screen = await t.waitFor((s) => s.includes("y: write"), "the confirm step");
    expect(screen).toContain('firstKeptEntryId="u5"');
    t.type("y");
    screen = await t.waitFor((s) => s.includes("Session Tree") && cursorLine(s).includes("[compaction:"), "the tree on the new compaction");

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const last = parseSession(bytes.toString("utf8"), "1.6").entries.at(-1) as SessionEntry & { firstKeptEntryId?: string };
    expect(last).toMatchObject({ type: "compaction", firstKeptEntryId: "u5" });
    expect(screen).toContain(`compaction · ${last.id}`);
    t.keys("Escape");
    screen = await t.waitFor((s) => exitedWith(s) !== undefined, "the app to exit");
    expect(exitedWith(screen)).toBe("0");
  }, 90_000);
});
