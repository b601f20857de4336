// One table of keys: every binding an input hook dispatches from (tree, branch flow, instructions
// editor, label editor, confirm step, picker, ...) is listed in the help overlay with its key and
// description, and every listed key does something when pressed through the real input path
// (terminal bytes -> Ink -> key router -> the screen's layers).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { CHOOSE_BINDINGS, FLOW_BINDINGS, NO_WRITE_BINDINGS } from "../../components/branch/branch-flow-keys.js";
import { CONFIRM_BINDINGS } from "../../components/commit/confirm-keys.js";
import { HELP_OVERLAY_BINDINGS, keyLabel, keysLabel } from "../../components/app/help-keys.js";
import { PREVIEW_BINDINGS } from "../../components/compaction/preview-keys.js";
import { DIFF_BINDINGS } from "../../components/diff/diff-keys.js";
import { TYPED_TEXT } from "../../components/kit/bindings.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { PROBLEMS_BINDINGS } from "../../components/problems/problems-keys.js";
import { TEXT_FIELD_BINDINGS, TEXT_FIELD_TEXT } from "../../components/kit/text-field/text-field-keys.js";
import { EDITOR_BINDINGS, EDITOR_PASSED_KEYS, EDITOR_TEXT } from "../../components/kit/multiline-editor/editor-keys.js";
import { LABEL_EDITOR_BINDINGS, LABEL_TEXT } from "../../components/label/label-keys.js";
import type { LabelEditorAction } from "../../components/label/label-state.js";
import { PICKER_BINDINGS, PICKER_TEXT } from "../../components/picker/key-actions.js";
import type { PickerAction } from "../../components/picker/picker-state.js";
import { listedAlready } from "../support/listed-already.js";
import { SessionPicker } from "../../components/picker/SessionPicker.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { TIMELINE_BINDINGS } from "../../components/timeline/timeline-keys.js";
import { EXPANDED_BINDINGS, EXPANDED_SCROLL_BINDINGS, QUERY_BINDINGS, RESULT_BINDINGS } from "../../components/recall/recall-keys.js";
import {
  DETAIL_BINDINGS,
  EMPTY_QUERY_BINDINGS,
  FIND_PROMPT_BINDINGS,
  FIND_PROMPT_TEXT,
  SEARCH_BINDINGS,
  TREE_BINDINGS,
  TYPE_TO_SEARCH,
} from "../../components/tree/tree-keys.js";
import { TreeScreen } from "../../components/tree/TreeScreen.js";
import type { SessionTree } from "../../src/engine/index.js";
import { cleanupInk, KEYS, renderInk, type InkHarness } from "../support/ink-kit.js";
import { fixturePath, loadFixtureTree, treeFromText } from "./load-fixture.js";
import { NOW, session } from "./picker-helpers.js";
import { TEST_ENV, TestAppContext } from "../support/app-context.js";

afterEach(cleanupInk);

type Listed = { keys: string[]; help: string };
const normalize = (text: string) => text.replace(/\s+/g, " ");
const lines = (frame: string) => frame.split("\n");
/** The cursor's row of the tree, without the detail pane drawn beside it. */
const cursorRow = (frame: string) => (lines(frame).find((l) => l.startsWith("› ")) ?? "").split("│")[0];

/** The bytes a terminal sends for a key name of components/kit/keys.ts. */
function bytesFor(name: string): string {
  if (name === TYPED_TEXT) return "z";
  // Ctrl+Shift+O has no legacy encoding; terminals with the kitty keyboard protocol send CSI u.
  if (name === "ctrl+shift+o") return "\x1b[111;6u";
  if (name.startsWith("shift+") && name.length === 7) return name.slice(6).toUpperCase();
  if (name.startsWith("alt+") && name.length === 5) return `\x1b${name.slice(4)}`;
  // Without the kitty protocol Ctrl+J sends LF, which the router names "\n" (tested as that key).
  if (name === "ctrl+j") return "\x1b[106;5u";
  if (name === "ctrl+backspace") return "\x1b[127;5u";
  // ESC DEL, as terminals send Alt+Backspace.
  if (name === "alt+backspace") return "\x1b\x7f";
  if (name === "alt+enter") return "\x1b\r";
  // Shift+Enter as terminals with the kitty keyboard protocol send it (others send a plain Enter).
  if (name === "shift+enter") return "\x1b[13;2u";
  const bytes = KEYS[name] ?? ([...name].length === 1 ? name : undefined);
  if (bytes === undefined) throw new Error(`no terminal bytes known for key "${name}"`);
  return bytes;
}

const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const branched = loadFixtureTree("branched.jsonl");

// A session whose leaf has far more lines than the detail pane shows, so every scroll key moves it.
const header = `{"type":"session","version":3,"id":"keys","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/home/u/p"}`;
const longText = Array.from({ length: 80 }, (_, i) => `line ${i + 1} of the answer`).join("\n");
const longEntry = treeFromText(
  [
    header,
    JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "explain", timestamp: 1 } }),
    JSON.stringify({
      type: "message",
      id: "a1",
      parentId: "u1",
      timestamp: "2026-01-01T00:00:02.000Z",
      message: { role: "assistant", content: [{ type: "text", text: longText }], provider: "p", model: "m", stopReason: "stop", timestamp: 2 },
    }),
  ].join("\n"),
);

interface Screen {
  ui: InkHarness;
  /** What the screen asked its host to do (back, help, recall, entry commands, compaction preview). */
  calls: string[];
}

async function treeScreen(tree: SessionTree, columns = 140, rows = 24): Promise<Screen> {
  const calls: string[] = [];
  const ui = await renderInk(
    <KeyRouter>
      <TestAppContext size={{ columns, rows }}>
        <TreeScreen
          tree={tree}
          path="/home/u/p/s.jsonl"
          active
          onBack={() => calls.push("back")}
          onHelp={() => calls.push("help")}
          onEntryCommand={(command, id) => calls.push(`${command} ${id}`)}
          onReload={(id) => calls.push(`reload ${id}`)}
          onRecall={() => calls.push("recall")}
          onCompactionPreview={(_tree, id) => calls.push(`compactionPreview ${id}`)}
          onTimeline={(_tree, id) => calls.push(`timeline ${id}`)}
        />
      </TestAppContext>
    </KeyRouter>,
    { columns, rows },
  );
  await ui.waitFor((f) => f.includes("Session Tree"));
  return { ui, calls };
}

/** Press a key after `setup` and wait until the screen shows or reports a change; returns the frame before. */
async function pressAndSeeEffect(screen: Screen, setup: string[], key: string): Promise<{ before: string; after: string }> {
  const { ui, calls } = screen;
  for (const k of setup) await ui.press(bytesFor(k));
  const before = ui.frame();
  const callsBefore = calls.length;
  await ui.press(bytesFor(key));
  const after = await ui.waitFor((f) => f !== before || calls.length > callsBefore).catch(() => {
    throw new Error(`"${keyLabel(key)}" (after ${setup.join(", ") || "nothing"}) changed nothing; frame:\n${before}`);
  });
  return { before, after };
}

describe("the help overlay lists every binding of every table", () => {
  const tables: [string, Listed[]][] = [
    ["tree", TREE_BINDINGS],
    ["search", [TYPE_TO_SEARCH, ...SEARCH_BINDINGS, ...EMPTY_QUERY_BINDINGS]],
    ["detail pane", DETAIL_BINDINGS],
    ["find prompt", [FIND_PROMPT_TEXT, ...FIND_PROMPT_BINDINGS]],
    ["compaction preview", PREVIEW_BINDINGS],
    ["context diff", DIFF_BINDINGS],
    ["recall query", QUERY_BINDINGS],
    ["recall results", RESULT_BINDINGS],
    ["recall expanded", [...EXPANDED_SCROLL_BINDINGS, ...EXPANDED_BINDINGS]],
    ["branch navigation", [...CHOOSE_BINDINGS, ...NO_WRITE_BINDINGS, ...FLOW_BINDINGS]],
    ["instructions editor", [EDITOR_TEXT, ...EDITOR_BINDINGS]],
    ["label editor", [LABEL_TEXT, ...LABEL_EDITOR_BINDINGS]],
    ["text fields", [TEXT_FIELD_TEXT, ...TEXT_FIELD_BINDINGS]],
    ["problems", PROBLEMS_BINDINGS],
    ["confirm step", CONFIRM_BINDINGS],
    ["session picker", [PICKER_TEXT, ...PICKER_BINDINGS]],
    ["help overlay", HELP_OVERLAY_BINDINGS],
    ["context timeline", TIMELINE_BINDINGS],
  ];

  it("shows each key label followed by its description in the overlay opened with ?", async () => {
    // Tall enough that the whole help is on one screen.
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: "/s.jsonl", fromPicker: false }} initialTree={branched} />, { columns: 120, rows: 400 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("?");
    const frame = await ui.waitFor((f) => f.includes("Keys"));
    expect(frame).toContain("(any key but ↑/↓ PgUp/PgDn closes)");
    const text = normalize(frame);
    for (const [layer, table] of tables) {
      for (const binding of table) {
        for (const key of binding.keys) expect(keyLabel(key).trim(), `${layer}: label of "${key}"`).not.toBe("");
        expect(text, `${layer}: ${binding.keys.join(", ")}`).toContain(normalize(`${keysLabel(binding.keys)} ${binding.help}`));
      }
    }
    // Keys that would print as blanks get names; Ctrl+J's two names show once.
    expect(text).toContain("pagedown / right / space scroll down one page");
    expect(text).toContain("ctrl+j / alt+enter new line");
    expect(text).toContain("n / escape / ctrl+c cancel; nothing is written");
  });

  it("names typed text the same way in every table, and covers the keys the editor leaves to the branch flow", () => {
    for (const text of [TYPE_TO_SEARCH, FIND_PROMPT_TEXT, EDITOR_TEXT, LABEL_TEXT, TEXT_FIELD_TEXT, PICKER_TEXT]) expect(text.keys).toEqual([TYPED_TEXT]);
    const flowKeys = FLOW_BINDINGS.flatMap((b) => b.keys);
    for (const key of EDITOR_PASSED_KEYS) expect(flowKeys, key).toContain(key);
  });
});

describe("every tree-layer binding acts when pressed", () => {
  // What must happen first so that the key has something to change (the cursor starts on pi's leaf).
  const setup: Record<string, string[]> = {
    "ctrl+right": ["ctrl+left"],
    "alt+right": ["ctrl+left"],
    "ctrl+d": ["ctrl+u"],
    backspace: ["a"],
    "alt+backspace": ["a"],
    "ctrl+n": ["ctrl+g", "t", "t", "l", "enter"],
    "ctrl+p": ["ctrl+g", "t", "t", "l", "enter"],
  };
  const bindings = [...TREE_BINDINGS, ...SEARCH_BINDINGS, ...EMPTY_QUERY_BINDINGS, TYPE_TO_SEARCH];
  for (const binding of bindings) {
    for (const key of binding.keys) {
      it(`${key}: ${binding.help}`, async () => {
        const screen = await treeScreen(branched);
        await pressAndSeeEffect(screen, setup[key] ?? [], key);
      });
    }
  }

  it("hands entry commands, recall, help and back to the host with the selected entry", async () => {
    const screen = await treeScreen(branched);
    for (const key of ["enter", "shift+l", "shift+f", "shift+c", "ctrl+k", "ctrl+r", "/", "?", "q", "escape", "ctrl+c"]) await screen.ui.press(bytesFor(key));
    expect(screen.calls).toEqual(["navigate a6b", "editLabel a6b", "fork a6b", "compact a6b", "compactionPreview lb1", "reload a6b", "recall", "help", "back", "back", "back"]);
  });
});

describe("every detail-pane binding acts on the focused pane, not the tree", () => {
  const setup: Record<string, string[]> = { up: ["down"], pageup: ["pagedown"], left: ["pagedown"], home: ["down"] };
  for (const binding of DETAIL_BINDINGS) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await treeScreen(longEntry, 140, 16);
        await screen.ui.press(bytesFor("shift+d"));
        await screen.ui.waitFor((f) => f.includes("▶ detail"));
        const { before, after } = await pressAndSeeEffect(screen, setup[key] ?? [], key);
        expect(cursorRow(after)).toBe(cursorRow(before));
        expect(screen.calls).toEqual([]);
        if (binding.run.type === "blur") expect(after).not.toContain("▶ detail");
        else expect(after).toContain("▶ detail");
      });
    }
  }
});

describe("every find-prompt binding acts on the prompt", () => {
  for (const binding of [FIND_PROMPT_TEXT, ...FIND_PROMPT_BINDINGS]) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await treeScreen(branched);
        const { after } = await pressAndSeeEffect(screen, ["ctrl+g", "t", "t", "l"], key);
        expect(screen.calls).toEqual([]);
        // Nothing typed in the prompt reaches pi's search.
        expect(after).not.toMatch(/Type to search: \S/);
      });
    }
  }
});

describe("the help overlay fits the terminal", () => {
  for (const [columns, rows] of [
    [80, 24],
    [60, 15],
  ]) {
    it(`stays within ${rows - 1} lines and ${columns} columns at ${columns}x${rows}, scrolls with its own keys, closes on any other`, async () => {
      const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: "/s.jsonl", fromPicker: false }} initialTree={branched} />, { columns, rows });
      await ui.waitFor((f) => f.includes("Session Tree"));
      await ui.press("?");
      let frame = await ui.waitFor((f) => f.includes("Keys"));
      const seen = new Set<string>();
      // Page to the end: every frame fits, and paging stops at the last line.
      for (let i = 0; i < 100 && !seen.has(frame); i++) {
        seen.add(frame);
        expect(lines(frame).length).toBeLessThanOrEqual(rows - 1);
        for (const line of lines(frame)) expect(displayWidth(line)).toBeLessThanOrEqual(columns);
        await ui.press(bytesFor("pagedown"));
        frame = ui.frame();
      }
      expect(seen.size).toBeGreaterThan(1);
      expect(frame).toContain("any other key");
      // From the end, in table order (up, down, pageup, pagedown), each key moves the view.
      for (const binding of HELP_OVERLAY_BINDINGS) {
        const before = ui.frame();
        await ui.press(bytesFor(binding.keys[0]));
        await ui.waitFor((f) => f !== before);
      }
      await ui.press("x");
      await ui.waitFor((f) => f.includes("Type to search:") && !f.includes("Type to search: x"));
    });
  }
});

// The writing flows run on a temporary copy of branched.jsonl: the confirm step's y really writes.
let tempDir: string | undefined;
afterEach(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
});
const WAIT_MS = 10_000;

/** The app on a copy of branched.jsonl, the tree shown; `calls` stays empty (the app has no host). */
async function appOnCopy(columns: number, rows: number): Promise<Screen & { file: string }> {
  tempDir = mkdtempSync(join(tmpdir(), "pi-explorer-help-keys-"));
  const file = join(tempDir, "session.jsonl");
  copyFileSync(fixturePath("branched.jsonl"), file);
  const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  return { ui, calls: [], file };
}

/**
 * "Summarize branch?" for the custom message cm1 (three rows above pi's leaf). At 60x12 the plan does
 * not fit above the stage, so PgUp/PgDn have something to scroll.
 */
async function branchFlow(columns = 60, rows = 12): Promise<Screen & { file: string }> {
  const screen = await appOnCopy(columns, rows);
  await screen.ui.press(bytesFor("up"), bytesFor("up"), bytesFor("up"), bytesFor("enter"));
  await screen.ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
  return screen;
}

describe("every branch-navigation binding acts when pressed", () => {
  const inTree = (f: string) => f.includes("Session Tree") && !f.includes("Branch navigation");
  // The cursor starts on "No summary"; PgUp needs the plan scrolled down first.
  const setup: Record<string, string[]> = { pageup: ["pagedown"] };
  for (const binding of CHOOSE_BINDINGS) {
    for (const key of binding.keys) {
      it(`on the choice, ${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await branchFlow();
        await pressAndSeeEffect(screen, [], key);
        // The stage's context is built after its first frame.
        if (binding.run.type === "choose") await screen.ui.waitFor((f) => f.includes("No summary: pi moves the leaf"), WAIT_MS);
      });
    }
  }
  for (const binding of NO_WRITE_BINDINGS) {
    for (const key of binding.keys) {
      it(`on No summary, ${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await branchFlow(100, 30);
        await screen.ui.press(bytesFor("enter"));
        await screen.ui.waitFor((f) => f.includes("No summary: pi moves the leaf"), WAIT_MS);
        const { after } = await pressAndSeeEffect(screen, [], key);
        if (binding.run.type === "close") expect(inTree(after)).toBe(true);
        else expect(after).not.toContain("No summary: pi moves the leaf");
      });
    }
  }
  for (const stage of ["the choice", "the instructions editor"]) {
    for (const binding of FLOW_BINDINGS) {
      for (const key of binding.keys) {
        it(`in ${stage}, ${keyLabel(key)}: ${binding.help}`, async () => {
          const screen = await branchFlow();
          if (stage === "the instructions editor") {
            await screen.ui.press(bytesFor("up"), bytesFor("enter"), "x");
            await screen.ui.waitFor((f) => f.includes("Custom summarization instructions") && f.includes("> x"), WAIT_MS);
          }
          const { after } = await pressAndSeeEffect(screen, setup[key] ?? [], key);
          // The flow closes in an effect after the key, so the frame that first changed may still be the flow's.
          if (binding.run.type === "back") {
            const back = stage === "the choice" ? "Session Tree" : "› Summarize with custom prompt";
            expect(after.includes(back) ? after : await screen.ui.waitFor((f) => f.includes(back), WAIT_MS)).toContain(back);
          }
          if (binding.run.type === "scrollPlan") expect(after).toContain(stage === "the choice" ? "Summarize branch?" : "> x");
        });
      }
    }
  }
});

describe("every instructions-editor binding acts on the typed text", () => {
  const MARKER = "§";
  // The cursor ends typing at the end of "ef gh" on the second line; some keys need it elsewhere first.
  const setup: Record<string, string[]> = {
    down: ["up"],
    right: ["left"],
    "ctrl+f": ["left"],
    "ctrl+right": ["home"],
    "alt+right": ["home"],
    "alt+f": ["home"],
    end: ["home"],
    "ctrl+e": ["home"],
    "ctrl+d": ["left"],
    "ctrl+k": ["home"],
  };
  for (const binding of [EDITOR_TEXT, ...EDITOR_BINDINGS]) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await branchFlow(100, 30);
        await screen.ui.press(bytesFor("up"), bytesFor("enter"));
        await screen.ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
        await screen.ui.type("ab cd");
        await screen.ui.press(bytesFor("ctrl+j"));
        await screen.ui.type("ef gh");
        await screen.ui.waitFor((f) => f.includes("ef gh"), WAIT_MS);
        if (!("run" in binding) || binding.run === "submit") {
          await pressAndSeeEffect(screen, setup[key] ?? [], key);
          // The preview's summary is compiled after its first frame.
          const want = "run" in binding ? "y: write" : "ef ghz";
          await screen.ui.waitFor((f) => f.includes(want), WAIT_MS);
          return;
        }
        // A cursor move shows only as an inverse cell (no colours here), a new line or a tab only as
        // blanks: a marker typed after the key lands elsewhere than one typed without it.
        const { ui } = screen;
        for (const k of setup[key] ?? []) await ui.press(bytesFor(k));
        await ui.press(MARKER);
        const without = await ui.waitFor((f) => f.includes(MARKER), WAIT_MS);
        await ui.press(bytesFor("backspace"));
        await ui.waitFor((f) => !f.includes(MARKER), WAIT_MS);
        await ui.press(bytesFor(key), MARKER);
        const withKey = await ui.waitFor((f) => f.includes(MARKER), WAIT_MS);
        expect(withKey, `${keyLabel(key)} after ${(setup[key] ?? []).join(", ") || "nothing"}`).not.toBe(without);
        expect(withKey).toContain("Custom summarization instructions");
      });
    }
  }

  it("Enter right after a \\ starts a new line instead of submitting (pi's fallback)", async () => {
    const screen = await branchFlow(100, 30);
    await screen.ui.press(bytesFor("up"), bytesFor("enter"));
    await screen.ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
    await screen.ui.type("one\\");
    await screen.ui.press(bytesFor("enter"));
    await screen.ui.type("two");
    const frame = await screen.ui.waitFor((f) => f.includes("two"), WAIT_MS);
    expect(frame).toMatch(/^ {2}> one *$/m);
    expect(frame).toMatch(/^ {4}two/m);
  });

  it("Alt+Backspace (ESC DEL) deletes the word before the cursor, as in pi", async () => {
    const screen = await branchFlow(100, 30);
    await screen.ui.press(bytesFor("up"), bytesFor("enter"));
    await screen.ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
    await screen.ui.type("keep the tests");
    await screen.ui.waitFor((f) => f.includes("keep the tests"), WAIT_MS);
    await screen.ui.press("\x1b\x7f");
    await screen.ui.type("fix");
    const frame = await screen.ui.waitFor((f) => f.includes("fix"), WAIT_MS);
    expect(frame).toMatch(/^ {2}> keep the fix *$/m);
  });
});

describe("every label-editor binding acts when pressed", () => {
  const bindings: { keys: string[]; help: string; run?: LabelEditorAction }[] = [LABEL_TEXT, ...LABEL_EDITOR_BINDINGS];
  for (const binding of bindings) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await appOnCopy(140, 30);
        await screen.ui.press(bytesFor("end"), bytesFor("shift+l"));
        await screen.ui.waitFor((f) => f.includes("Label (empty to remove): approach-A-green"), WAIT_MS);
        const { after } = await pressAndSeeEffect(screen, [], key);
        if (binding.run === undefined) expect(after).toContain("approach-A-greenz");
        else if (binding.run.type === "submit") expect(after).toContain("y: write");
        else expect(after).not.toContain("Label (empty to remove)");
      });
    }
  }
});

describe("every text-field binding acts when pressed (in the label editor)", () => {
  const labelLine = (frame: string) => lines(frame).find((l) => l.includes("Label (empty to remove):")) ?? "";
  for (const binding of TEXT_FIELD_BINDINGS) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await appOnCopy(140, 30);
        await screen.ui.press(bytesFor("end"), bytesFor("shift+l"));
        await screen.ui.waitFor((f) => f.includes("Label (empty to remove): approach-A-green"), WAIT_MS);
        // The cursor inside the text ("approach-A-gr|een"); then the key, then a Z marks where it is.
        await screen.ui.press("left", "left", "left", bytesFor(key), "Z");
        const after = await screen.ui.waitFor((f) => labelLine(f).includes("Z"), WAIT_MS);
        expect(labelLine(after).trimEnd()).not.toBe("  Label (empty to remove): approach-A-grZeen");
      });
    }
  }
});

describe("every confirm-step binding acts when pressed", () => {
  // The branch summary's preview at 60x12 is longer than its rows, so every scroll key moves it.
  const setup: Record<string, string[]> = { up: ["down"], pageup: ["pagedown"] };
  for (const binding of CONFIRM_BINDINGS) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await branchFlow();
        await screen.ui.press(bytesFor("down"), bytesFor("enter"));
        await screen.ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
        const before = readFileSync(screen.file);
        const { after } = await pressAndSeeEffect(screen, setup[key] ?? [], key);
        if (binding.run.type === "write") {
          await screen.ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
          expect(readFileSync(screen.file).length).toBeGreaterThan(before.length);
          return;
        }
        expect(readFileSync(screen.file).equals(before)).toBe(true);
        if (binding.run.type === "cancel") expect(after).toContain("› Summarize");
        else await screen.ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
      });
    }
  }
});

describe("every session-picker binding acts when pressed", () => {
  // More sessions than the list shows, a few of them named, in two projects.
  const current = Array.from({ length: 30 }, (_, i) => session(`s${String(i).padStart(2, "0")}`, i * 10, i % 3 === 0 ? { name: `named ${i}` } : {}));
  const everywhere = [...current, session("other", 5, { cwd: "/home/u/other" })];
  const setup: Record<string, string[]> = { up: ["down"], pageup: ["pagedown"], home: ["down"], backspace: ["a"], "ctrl+w": ["a"], "alt+backspace": ["a"], "ctrl+u": ["a"] };

  async function picker(): Promise<Screen> {
    const calls: string[] = [];
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={{ ...TEST_ENV, home: "" }}>
          <SessionPicker
            sessions={current}
            loadAllSessions={() => listedAlready(everywhere)}
            loadPreview={() => ({ damagedLines: [] })}
            onOpen={(path) => void calls.push(`open ${path}`)}
            onQuit={() => calls.push("quit")}
            now={NOW}
          />
        </TestAppContext>
      </KeyRouter>,
      { columns: 100, rows: 16 },
    );
    await ui.waitFor((f) => f.includes("Sessions (Current Folder)"));
    return { ui, calls };
  }

  const bindings: { keys: string[]; help: string; run?: PickerAction }[] = [PICKER_TEXT, ...PICKER_BINDINGS];
  for (const binding of bindings) {
    for (const key of binding.keys) {
      it(`${keyLabel(key)}: ${binding.help}`, async () => {
        const screen = await picker();
        await pressAndSeeEffect(screen, setup[key] ?? [], key);
        if (binding.run?.type === "open") expect(screen.calls).toEqual([`open ${current[0].path}`]);
        if (binding.run?.type === "escape" || binding.run?.type === "quit") expect(screen.calls).toEqual(["quit"]);
      });
    }
  }
});
