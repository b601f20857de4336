// A wide character (CJK, emoji) straddling the last column of a row, on every screen: no line of any
// frame runs past the terminal's width. Ink's own truncation (cli-truncate) keeps such a character
// whole and the line one column too wide, which the terminal then wraps onto the next row; every
// truncated row is now cut so that it fits (build/dependency-patches.mjs inkTruncateToWidth). The
// session puts wide text after 0-3 ASCII characters in every kind of text a screen shows (messages,
// tool calls and results, a label, a compaction and a branch summary, the session name, the file
// name), so some row straddles the last column at any width and indent.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, stripAnsi, type InkHarness } from "../support/ink-kit.js";

const copies = useFixtureCopies("wide-edge");
const WAIT_MS = 15_000;
const WIDE = ["日本語のテキストと漢字が続きます東京都の天気は晴れです", "한국어 텍스트와 한글이 이어집니다 이슈 등록 완료", "😀🗄️👩‍💻✅📄👍🏽🇯🇵 emoji 🎉🎉🎉🎉🎉🎉🎉🎉"];
/** Wide text after `pad` ASCII characters, long enough to reach past any row. */
const wide = (pad: number, i: number) => `${"x".repeat(pad)}${WIDE[i % WIDE.length].repeat(12)}`;

function wideSession(): string {
  let n = 0;
  const at = () => `2026-07-14T12:${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}.000Z`;
  const id = () => `e${String(++n).padStart(7, "0")}`;
  const lines: Record<string, unknown>[] = [{ type: "session", version: 3, id: "wide-edge", timestamp: at(), cwd: "/p" }];
  // Large enough for pi to compact at its default settings, so the preview has a summary and a diff.
  const usage = { input: 150_000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 150_010, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  let parent: string | null = null;
  const add = (entry: Record<string, unknown>): string => {
    const entryId = id();
    lines.push({ ...entry, id: entryId, parentId: parent, timestamp: at() });
    parent = entryId;
    return entryId;
  };
  let fork = "";
  for (let t = 0; t < 8; t++) {
    const p = t % 4;
    const user = add({ type: "message", message: { role: "user", content: wide(p, t), timestamp: n } });
    if (t === 5) fork = user;
    add({ type: "message", message: { role: "assistant", content: [{ type: "text", text: wide(p + 1, t) }, { type: "toolCall", id: `c${t}`, name: "read", arguments: { path: `src/${wide(p, t).slice(0, 40)}.ts` } }], provider: "p", model: "m", api: "a", stopReason: "toolUse", usage, timestamp: n } });
    add({ type: "message", message: { role: "toolResult", toolCallId: `c${t}`, toolName: "read", content: [{ type: "text", text: `${wide(p + 2, t)}\n`.repeat(120) }], isError: false, timestamp: n } });
    add({ type: "message", message: { role: "assistant", content: [{ type: "text", text: wide(p + 3, t) }], provider: "p", model: "m", api: "a", stopReason: "stop", usage, timestamp: n } });
    if (t === 2) add({ type: "compaction", summary: wide(1, 0) + "\n" + wide(2, 1), firstKeptEntryId: user, tokensBefore: 5000 });
    if (t === 3) add({ type: "label", targetId: user, label: wide(1, 1).slice(0, 60) });
  }
  add({ type: "session_info", name: wide(2, 2).slice(0, 80) });
  // Another branch from turn 5, with a branch summary.
  parent = fork;
  add({ type: "branch_summary", fromId: fork, summary: wide(3, 2) });
  add({ type: "message", message: { role: "user", content: wide(0, 1), timestamp: n } });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** Lines wider than the terminal in any frame written so far. */
function tooWide(ui: InkHarness, columns: number, from: number): string[] {
  const out: string[] = [];
  for (const raw of ui.frames().slice(from)) {
    for (const line of stripAnsi(raw).split("\n")) {
      const w = displayWidth(line);
      if (w > columns) out.push(`${w} columns: ${line}`);
    }
  }
  return [...new Set(out)];
}

describe("a wide character at the last column, on every screen", () => {
  for (const size of [
    { columns: 40, rows: 12 },
    { columns: 120, rows: 35 },
  ]) {
    it(`every frame of every screen fits ${size.columns}x${size.rows}`, async () => {
      const file = join(copies.dir(), "セッション 日本語の長いファイル名 😀.jsonl");
      writeFileSync(file, wideSession());
      const ui = await renderInk(<App env={{ cwd: copies.dir(), home: copies.dir(), env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size);
      await ui.waitFor((f) => /\(\d+\/\d+\)/.test(f), WAIT_MS);
      const problems: string[] = [];
      let from = 0;
      /** Presses keys, waits for `until` (when given), and records the lines that ran over on the way. */
      const visit = async (screen: string, keys: string[], until?: (f: string) => boolean) => {
        for (const key of keys) await ui.press(key);
        if (until) await ui.waitFor(until, WAIT_MS);
        for (const line of tooWide(ui, size.columns, from)) problems.push(`${screen}: ${line}`);
        from = ui.frames().length;
      };
      const tree = (f: string) => /^ {2}\(\d+\/\d+\)/m.test(f) && !/Esc: back|Esc\/n: cancel|Label |Find in full text:/.test(f);
      /** Esc, one at a time, until the tree is back (the tree itself closes on one more). */
      const backToTree = async () => {
        for (let i = 0; i < 5 && !tree(ui.frame()); i++) {
          await ui.press("escape");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await visit("back to the tree", [], tree);
      };
      await visit("tree", ["home", "down", "down", "end", "up"]);
      await visit("tree, detail pane toggled", ["tab", "up", "tab", "up"]);
      await visit("detail pane focused", ["D", "pagedown", "pagedown", "escape"]);
      await visit("tree, ids and label times", ["I", "T", "up", "I", "T"]);
      await visit("compaction preview", ["up", "up", "ctrl+k"], (f) => f.includes("Compaction preview") && !f.includes("Computing the plan"));
      await visit("compaction preview settings", ["[", "[", "]"]);
      await visit("compaction summary", ["s"], (f) => /summary pi-explorer would write|pi would not compact/.test(f));
      await visit("compaction summary scrolled", ["pagedown", "s"]);
      await visit("context diff", ["d"], (f) => /NOW \(what|no after-context/.test(f));
      await visit("context diff scrolled", ["down", "down", "pagedown"]);
      await backToTree();
      await visit("branch flow", ["home", "down", "down", "down", "enter"], (f) => f.includes("Branch navigation"));
      await visit("branch flow choices", ["down", "down", "up"]);
      await backToTree();
      await visit("recall", ["/"], (f) => f.includes("Recall"));
      await visit("recall results", [..."emoji"], (f) => /\d+ (hit|match|result)|No matches/.test(f));
      await visit("recall expanded", ["enter", "pagedown"]);
      await backToTree();
      await visit("timeline", ["G"], (f) => /timeline/i.test(f));
      await backToTree();
      await visit("problems", ["!"]);
      await backToTree();
      await visit("help", ["?", "pagedown"]);
      await backToTree();
      await visit("find prompt", ["ctrl+g", ..."日本語", "enter", "ctrl+n"]);
      await visit("label editor", ["L", ..."日本語"]);
      await backToTree();
      await visit("search line", [..."日本語のテキスト"]);
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
