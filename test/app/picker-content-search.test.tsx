// The picker's content search: hits from the recall index join the name and path matches, each
// row shows its best snippet with the match highlighted, Enter opens the tree at the hit.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv, ScreenNav } from "../../components/app/screens.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { contentQuery, snippetLine, type ContentHit } from "../../components/picker/content-search.js";
import { indexProgressLine } from "../../components/picker/index-progress.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { initPickerState, pickerReducer, type PickerAction, type PickerState } from "../../components/picker/picker-state.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { line, makeSessions } from "../store/recall-sessions.js";
import { session } from "./picker-helpers.js";
import { describeWithSqlite } from "../support/sqlite.js";
import { TestAppContext } from "../support/app-context.js";

const run = (state: PickerState, ...actions: PickerAction[]): PickerState => actions.reduce(pickerReducer, state);
const hit = (rank: number, entryId: string, text = "the platypus migration"): ContentHit => ({
  rank,
  entryId,
  role: "toolResult",
  snippet: { text, highlights: [{ start: text.indexOf("platypus"), end: text.indexOf("platypus") + 8 }], linesAbove: 0, linesBelow: 0 },
  summary: text,
});

describe("picker content search: rows", () => {
  const pool = [
    session("named", 1, { name: "platypus notes" }),
    session("said", 2, { firstMessage: "hello" }),
    session("other", 3, { firstMessage: "nothing here" }),
    session("literal", 4, { allMessagesText: "we talked about the platypus" }),
  ];
  const results = (query: string, hits: [string, ContentHit][]) => ({ type: "contentHits" as const, results: { query, hits: new Map(hits) } });

  it("lists sessions only the index found, after a name match and before an unranked literal match; Enter opens at the hit", () => {
    let s = run(initPickerState({ current: pool, sort: "relevance" }), { type: "type", text: "platypus" });
    expect(s.rows.map((r) => r.session.id)).toEqual(["named", "literal"]);
    s = run(s, results("platypus", [[pool[2].path, hit(1, "e-other")], [pool[1].path, hit(2, "e-said")], [pool[0].path, hit(3, "e-named")]]));
    expect(s.rows.map((r) => r.session.id)).toEqual(["named", "other", "said", "literal"]);
    expect(s.rows[1].hit?.entryId).toBe("e-other");
    s = run(s, { type: "move", delta: 1 }, { type: "open" });
    expect(s.exit).toEqual({ kind: "open", path: pool[2].path, entryId: "e-other" });
  });

  it("hits of an older query are dropped", () => {
    let s = run(initPickerState({ current: pool }), { type: "type", text: "platy" });
    s = run(s, results("plat", [[pool[2].path, hit(1, "e-other")]]));
    expect(s.rows.map((r) => r.session.id)).toEqual(["named", "literal"]);
  });

  it("the snippet line keeps the match and a little before it; the query and the progress bar", () => {
    expect(snippetLine(hit(1, "x", "first line\nand then the platypus migration went fine\nlast"))).toEqual({ before: "and then the ", mark: "platypus", after: " migration went fine" });
    expect(contentQuery("auth bug")).toBe("auth bug");
    expect(contentQuery('"token expired" x')).toBe('"token expired" x');
    expect(contentQuery("re:foo")).toBeNull();
    expect(contentQuery("a")).toBeNull();
    expect(indexProgressLine({ files: 5, totalFiles: 10, bytes: 50e6, totalBytes: 100e6 }, 80)).toMatch(/^\[█+░+\] indexing sessions for content search 5\/10, 50\.0\/100 MB$/);
  });
});

let root: string | undefined;
afterEach(() => {
  cleanupInk();
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The picker over generated sessions and one that said "wombatquux" only in a tool result; `sqlite` as PI_EXPLORER_SQLITE. */
async function pickerOverSessions(sqlite?: "none") {
    const made = makeSessions(6, 10);
    root = made.root;
    const project = join(made.sessions, "--home-dev-p0--");
    mkdirSync(project, { recursive: true });
    const file = join(project, "2026-03-20T10-00-00-000Z_said.jsonl");
    writeFileSync(
      file,
      line({ type: "session", version: 3, id: "said", timestamp: "2026-03-20T10:00:00.000Z", cwd: "/home/dev/p0" }) +
        line({ type: "message", id: "u1", parentId: null, timestamp: "2026-03-20T10:00:01.000Z", message: { role: "user", content: "look at the logs", timestamp: 1 } }) +
        line({ type: "message", id: "a1", parentId: "u1", timestamp: "2026-03-20T10:00:02.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "cat log" } }], timestamp: 2 } }) +
        line({ type: "message", id: "r1", parentId: "a1", timestamp: "2026-03-20T10:00:03.000Z", message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: "error: the wombatquux worker crashed" }], isError: false, timestamp: 3 } }),
    );
    const env: AppEnv = { cwd: "/home/dev/p0", home: join(root, "home"), env: { PI_CODING_AGENT_DIR: root, XDG_CACHE_HOME: join(root, "cache"), ...(sqlite ? { PI_EXPLORER_SQLITE: sqlite } : {}) }, profile: "1.6" };
    const opened: [string, string | undefined][] = [];
    const nav: ScreenNav = { openTree: (p, entryId) => opened.push([p, entryId]), back: () => {}, quit: () => {} };
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={env} size={{ columns: 120, rows: 30 }}>
          <PickerScreen nav={nav} />
        </TestAppContext>
      </KeyRouter>,
      { columns: 120, rows: 30 },
    );
    await ui.waitFor((f) => f.includes("look at the logs"));
    return { ui, opened, file };
}

describeWithSqlite("picker content search: on real files through the index", () => {
  it("finds a word said only in a tool result, shows it highlighted, and Enter opens the tree at that entry", async () => {
    const { ui, opened, file } = await pickerOverSessions();
    await ui.type("wombatquux");
    const frame = await ui.waitFor((f) => /› look at the logs +…[^│]*wombatquux/.test(f));
    // The snippet sits where the path would be; the match is kept whole when the row is narrow.
    expect(frame).toMatch(/› look at the logs +…[^│]*wombatquux/);
    await ui.press("enter");
    await ui.waitFor(() => opened.length > 0);
    expect(opened[0]).toEqual([file, "r1"]);
  });
});

describe("picker content search without SQLite: the sessions indexed in memory", () => {
  it("finds the word said only in a tool result, says there is no cache, and Enter opens the tree at that entry", async () => {
    const { ui, opened, file } = await pickerOverSessions("none");
    await ui.type("wombatquux");
    const frame = await ui.waitFor((f) => /› look at the logs +…[^│]*wombatquux/.test(f));
    expect(frame).toMatch(/no SQLite \(SQLite disabled\); indexing every session in memory/);
    await ui.press("enter");
    await ui.waitFor(() => opened.length > 0);
    expect(opened[0]).toEqual([file, "r1"]);
  });
});
