// The compaction preview rendered through Ink in a fake terminal: bands, cut marker, why sentence,
// warnings, settings read from the user's pi settings and moved with keys, profile switch, summary
// pane, and the way in from the tree (Ctrl+K) and back.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTree, parseSession } from "../../src/engine/index.js";
import { App } from "../../components/app/App.js";
import { CompactionPreviewScreen } from "../../components/compaction/CompactionPreviewScreen.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { cleanupInk, renderInk, stripAnsi } from "../support/ink-kit.js";
import { loadTurns, piHome, TURNS, type PiHome } from "./compaction-helpers.js";
import { TestAppContext } from "../support/app-context.js";

let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

async function openPreview(
  settings: Record<string, unknown> | string | undefined,
  targetId: string | null,
  size = { columns: 140, rows: 50 },
  project?: Record<string, unknown>,
) {
  home = piHome(settings, "1.6", project);
  const tree = loadTurns();
  const ui = await renderInk(
    <KeyRouter>
      <TestAppContext env={home.env} size={size}>
        <CompactionPreviewScreen tree={tree} targetId={targetId} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
      </TestAppContext>
    </KeyRouter>,
    size,
  );
  await ui.waitFor((f) => f.includes("Compaction preview") && settled(f));
  return ui;
}

/** The plan and summary are computed after the frame: wait until the frame shows them for the settings in force. */
const settled = (f: string) => !f.includes("compiling the summary") && !f.includes("Computing the plan") && !f.includes("(updating…)");

const lines = (frame: string) => frame.split("\n");

/** Shift+K / Shift+R / Shift+W, the digits, Enter; returns the frame once the value is set. */
async function typeSetting(ui: Awaited<ReturnType<typeof openPreview>>, key: "K" | "R" | "W", digits: string): Promise<string> {
  await ui.press(key);
  await ui.waitFor((f) => /(keepRecentTokens|reserveTokens|context window): .*Enter set/.test(f));
  await ui.type(digits);
  await ui.press("enter");
  return ui.waitFor((f) => !f.includes("Enter set") && settled(f));
}
const lineWith = (frame: string, text: string) => lines(frame).find((l) => l.includes(text)) ?? "";
const cutLine = (frame: string) => lineWith(frame, "✂── cut");
/** Index of the line holding entry `id` (entry rows show the id after the band gutter). */
const rowOf = (frame: string, id: string) => lines(frame).findIndex((l) => new RegExp(`^(sum |pre |keep|    ) ${id} `).test(l));

describe("compaction preview", () => {
  it("shows the three bands, the cut before the first kept entry and why it fell there", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 2000 } }, null);
    const f = ui.frame();
    expect(lines(f).length).toBeLessThanOrEqual(49);
    expect(f).toContain("keepRecentTokens 2,000 (global)");
    expect(f).toContain("reserveTokens 16,384 (default)");
    expect(f).toContain("context window 128,000 (assumed)");
    expect(f).toContain("▼ summarized history");
    expect(f).toContain("▼ turn prefix of the split turn");
    expect(f).toContain("▼ kept tail");
    expect(cutLine(f)).toContain("first kept entry a52 (splits the turn started at u5)");
    // The cut sits between the turn prefix (u5 a51 r51) and the kept tail (a52 ...).
    const cut = lines(f).indexOf(cutLine(f));
    expect(rowOf(f, "r51")).toBeLessThan(cut);
    expect(rowOf(f, "a52")).toBeGreaterThan(cut);
    expect(lines(f)[rowOf(f, "r51")].startsWith("pre ")).toBe(true);
    expect(lines(f)[rowOf(f, "a52")].startsWith("keep")).toBe(true);
    expect(f).toContain("Why: Counting back from the newest entry, keepRecentTokens (2,000) is reached at r51");
    expect(f).toContain("That splits the turn starting at u5");
    expect(f).toContain("pi writes two summaries");
    expect(f).toMatch(/context now 5,260 \(the last reply's usage; pi's tokensBefore\) → after ~2,935 \(estimate\) +\(−2,325, −44%\)/);
    expect(f).toMatch(/auto-compact now: no — last reply's usage: 5,260 tokens is not above the threshold 111,616/);
  });

  it("shows one context-now figure, which stays put when keepRecentTokens leaves no cut", async () => {
    // Everything fits in 9,000 recent tokens: pi would not compact, and the figure is still pi's count.
    const ui = await openPreview({ compaction: { keepRecentTokens: 2000 } }, null);
    const withCut = ui.frame();
    expect(withCut).toContain("context now 5,260 (the last reply's usage; pi's tokensBefore)");
    for (let i = 0; i < 3; i++) await ui.press("]");
    const f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,300 (adjusted)") && settled(fr));
    expect(f).toContain("context now 5,260");
    const typed = await typeSetting(ui, "K", "9000");
    expect(typed).toContain("keepRecentTokens 9,000 (adjusted)");
    expect(typed).toContain("→ no compaction");
    expect(typed).toContain("context now 5,260 (the last reply's usage; pi's tokensBefore)");
  });

  it("takes settings typed as numbers (K, R, W), in one read too, and says when a text is no number", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 20000 } }, null);
    let f = await typeSetting(ui, "K", "1,600");
    expect(f).toContain("keepRecentTokens 1,600 (adjusted)");
    f = await typeSetting(ui, "R", "50k");
    expect(f).toContain("reserveTokens 50,000 (adjusted)");
    f = await typeSetting(ui, "W", "200000");
    expect(f).toContain("context window 200,000 (adjusted)");
    expect(f).toContain("threshold 150,000 (window 200,000 - reserve 50,000)");
    // The key, the digits and Enter in one read.
    await ui.press("K2000\r");
    f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,000 (adjusted)") && settled(fr));
    expect(cutLine(f)).toContain("first kept entry a52");
    await ui.press("K");
    await ui.type("lots");
    await ui.press("enter");
    f = await ui.waitFor((fr) => fr.includes("type a number of tokens"));
    expect(f).toContain("keepRecentTokens: lots");
    await ui.press("escape");
    f = await ui.waitFor((fr) => !fr.includes("type a number of tokens"));
    expect(f).toContain("keepRecentTokens 2,000 (adjusted)");
  });

  it("keeps its title's entry, its footer's keys and the whole Why on screen where there is room", async () => {
    const narrow = await openPreview({ compaction: { keepRecentTokens: 2000 } }, null, { columns: 60, rows: 30 });
    expect(lines(narrow.frame())[0]).toMatch(/^ {2}Compaction preview at a6z \(pi's leaf\) {2}/);
    narrow.unmount();
    const at80 = await openPreview({ compaction: { keepRecentTokens: 2000 } }, null, { columns: 80, rows: 24 });
    const f = at80.frame();
    const footer = lines(f).find((l) => l.includes("w write")) ?? "";
    for (const key of ["w write", "d/b diff", "c cut"]) expect(footer).toContain(key);
    // The Why wraps to more than three lines at 80 columns and is not cut short ("…").
    const why = lines(f).filter((l, i, all) => i >= all.findIndex((x) => x.startsWith("Why:")) && i < all.findIndex((x) => x.includes("▼")));
    expect(why.length).toBeGreaterThan(3);
    expect(why.join(" ")).not.toMatch(/ …$/);
  });

  it("moves the cut live with the keepRecentTokens keys and marks the value as adjusted", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 2550 } }, null);
    let f = ui.frame();
    // 2550 reaches u4, and the cut moves back over the thinking-level change before it.
    expect(cutLine(f)).toContain("first kept entry m4");
    expect(f).toContain("⚠ The cut moved back from u4 to m4 to keep 1 metadata entry before it");
    const framesBefore = ui.frames().length;
    await ui.press("[");
    f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,500 (adjusted)") && settled(fr));
    expect(cutLine(f)).toContain("first kept entry a41");
    // The moved cut is drawn before its summary is compiled: the key never waits for the compiler.
    const pending = ui.frames().slice(framesBefore).map(stripAnsi).find((fr) => fr.includes("compiling the summary"));
    expect(pending && cutLine(pending)).toContain("first kept entry a41");
    expect(f).not.toContain("metadata entry before it");
    await ui.press("]", "]");
    f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,700 (adjusted)") && settled(fr));
    expect(cutLine(f)).toContain("first kept entry a3z");
    await ui.press("0");
    f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,550 (global)") && settled(fr));
    expect(cutLine(f)).toContain("first kept entry m4");
  });

  it("moves pi's auto-compact verdict with the reserve and window keys", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 2000, reserveTokens: 124000 } }, null);
    let f = ui.frame();
    expect(f).toContain("reserveTokens 124,000 (global)");
    expect(f).toContain("auto-compact now: yes — last reply's usage: 5,260 tokens is above the threshold 4,000 (window 128,000 - reserve 124,000)");
    await ui.press("{");
    f = await ui.waitFor((fr) => fr.includes("reserveTokens 120,000 (adjusted)") && settled(fr));
    expect(f).toContain("auto-compact now: no — last reply's usage: 5,260 tokens is not above the threshold 8,000");
    await ui.press(">");
    f = await ui.waitFor((fr) => fr.includes("context window 130,000 (adjusted)") && settled(fr));
    expect(f).toContain("threshold 10,000 (window 130,000 - reserve 120,000)");
    await ui.press("<");
    f = await ui.waitFor((fr) => fr.includes("context window 120,000 (adjusted)") && settled(fr));
    expect(f).toContain("auto-compact now: yes");
  });

  it("warns when the trailing tool results alone reach keepRecentTokens, differently per profile", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 500 } }, "r61");
    let f = ui.frame();
    expect(f).toContain("pi 1.6");
    expect(f).toContain("⚠ The tool results after the last cut point alone reach keepRecentTokens (500)");
    expect(f).toContain("pi falls back to the last cut point (a61)");
    expect(cutLine(f)).toContain("first kept entry a61");
    await ui.press("p");
    f = await ui.waitFor((fr) => fr.includes("pi 0.73") && settled(fr));
    expect(f).toContain("so pi 0.73 falls back to the first cut point");
    expect(f).toContain("⚠ pi 0.73 would still compact, summarizing no messages at all.");
    expect(cutLine(f)).toContain("first kept entry u1");
  });

  it("says where each setting came from: project over global, and a broken settings file by file and line", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 2000, reserveTokens: 9000 } }, null, undefined, { compaction: { keepRecentTokens: 2500 } });
    const f = ui.frame();
    expect(f).toContain("keepRecentTokens 2,500 (project)");
    expect(f).toContain("reserveTokens 9,000 (global)");
    expect(cutLine(f)).toContain("first kept entry a41");
    cleanupInk();
    home?.remove();
    const broken = await openPreview('{\n  "compaction": { "keepRecentTokens": 2000,, }\n}', null);
    const g = broken.frame();
    expect(g).toContain("keepRecentTokens 20,000 (default)");
    expect(g).toMatch(/⚠ settings: .*settings\.json:2: not valid JSON/);
  });

  it("takes the context window from the user's pi model data and says so (models.json), not 128,000 assumed", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2000 } });
    writeFileSync(join(home.env.home, ".pi", "agent", "models.json"), JSON.stringify({ providers: { anthropic: { modelOverrides: { "claude-x": { contextWindow: 200000 } } } } }));
    const tree = loadTurns();
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={home.env} size={{ columns: 140, rows: 50 }}>
          <CompactionPreviewScreen tree={tree} targetId={null} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
        </TestAppContext>
      </KeyRouter>,
      { columns: 140, rows: 50 },
    );
    const f = await ui.waitFor((fr) => fr.includes("Compaction preview") && settled(fr));
    expect(f).toContain("context window 200,000 (models.json)");
    expect(f).toContain("threshold 183,616");
    expect(f).not.toContain("(assumed)");
  });

  it("says when there is nothing to compact", async () => {
    const ui = await openPreview(undefined, "a1z");
    const f = ui.frame();
    expect(f).toContain("keepRecentTokens 20,000 (default)");
    expect(f).toContain("⚠ pi would not compact: Nothing to compact (session too small).");
    expect(f).toContain("→ no compaction");
    expect(f).toContain("▼ active path (nothing to compact) — 4 entries");
    expect(f).not.toContain("kept tail");
    expect(f).not.toContain("✂── cut");
  });

  it("shows the summary that would be written, with its size, before anything is written", async () => {
    const ui = await openPreview({ compaction: { keepRecentTokens: 2000 } }, null);
    await ui.press("s");
    const f = await ui.waitFor((fr) => fr.includes("summary pi-explorer would write"));
    expect(f).toMatch(/compiled, no LLM; nothing written yet\): [\d.k]+ tokens/);
    expect(f).toContain("[Files And Changes]");
    await ui.press("end");
    expect(await ui.waitFor((fr) => fr.includes("<read-files>"))).toContain("/home/u/shop/src/cart51.ts");
    await ui.press("escape");
    await ui.waitFor((fr) => fr.includes("▼ kept tail"));
  });

  it("never draws control characters from the session: ids and text are shown inert", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2 } });
    const evil = "e\u001b[2J";
    const text = [
      { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi \u001b]0;title\u0007 there", timestamp: 1 } },
      { type: "message", id: "a1", parentId: "u1", timestamp: "2026-01-01T00:00:02.000Z", message: { role: "assistant", content: [{ type: "text", text: "ok" }], usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 }, stopReason: "stop", timestamp: 2 } },
      { type: "message", id: evil, parentId: "a1", timestamp: "2026-01-01T00:00:03.000Z", message: { role: "user", content: "next", timestamp: 3 } },
      { type: "message", id: "a2", parentId: evil, timestamp: "2026-01-01T00:00:04.000Z", message: { role: "assistant", content: [{ type: "text", text: "done" }], usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 }, stopReason: "stop", timestamp: 4 } },
    ].map((l) => JSON.stringify(l)).join("\n");
    const tree = buildTree(parseSession(text, "1.6"));
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={home.env} size={{ columns: 140, rows: 40 }}>
          <CompactionPreviewScreen tree={tree} targetId={null} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
        </TestAppContext>
      </KeyRouter>,
      { columns: 140, rows: 40 },
    );
    const f = await ui.waitFor((fr) => fr.includes("✂── cut") && !fr.includes("compiling the summary"));
    expect(cutLine(f)).toContain("first kept entry e␛[2J");
    for (const raw of ui.frames()) {
      expect(raw).not.toContain("\u001b[2J");
      expect(raw).not.toContain("\u001b]0;");
    }
    await ui.press("d");
    await ui.waitFor((fr) => fr.includes("Context now → after"));
    expect(ui.rawFrame()).not.toContain("\u001b[2J");
  });
});

describe("compaction preview in the app", () => {
  it("opens from the tree with Ctrl+K at the selected entry and goes back with Esc", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2000 } });
    const tree = loadTurns();
    const ui = await renderInk(<App env={home.env} initial={{ kind: "tree", path: TURNS, fromPicker: false }} initialTree={tree} />, { columns: 140, rows: 40 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("ctrl+k");
    let f = await ui.waitFor((fr) => fr.includes("Compaction preview") && settled(fr));
    expect(f).toContain(`Compaction preview at ${tree.leafId} (pi's leaf)`);
    expect(cutLine(f)).toContain("first kept entry a52");
    // ? lists the preview's keys in the app's help overlay; any key closes it.
    await ui.press("?");
    f = await ui.waitFor((fr) => fr.includes("Keys"));
    for (let page = 0; page < 10 && !f.includes("Compaction preview (Ctrl+K in the tree)"); page++) {
      await ui.press("pagedown");
      f = ui.frame();
    }
    expect(f).toContain("Compaction preview (Ctrl+K in the tree)");
    await ui.press("x");
    await ui.waitFor((fr) => fr.includes("Compaction preview") && fr.includes("✂── cut"));
    await ui.press("escape");
    f = await ui.waitFor((fr) => fr.includes("Session Tree"));
    expect(f).not.toContain("Compaction preview");
  });
});
