// Footers are generated from the key tables (issue 12): in each state of each screen, every key the
// footer names is one the screen's dispatch acts on in that state, each entry of the footer's items
// is on the line, and keys whose bindings are inactive in a state are not named. Key names are typed:
// a table naming a key no key press is called does not compile.
import { describe, expect, it } from "vitest";
import { bindingLookup, type Binding } from "../../components/kit/bindings.js";
import { footerEntry, footerItems, footerKeyLabel, footerLine, type FooterItem, type FooterStyle } from "../../components/kit/footer.js";
import { BACK_ON_ESCAPE, modalFooter } from "../../components/kit/modal-keys.js";
import { SETTING_PROMPT_BINDINGS, settingPromptFooter } from "../../components/compaction/preview-keys.js";
import { MODEL_PICKER_BINDINGS, PI_FAILURE_BINDINGS, PI_RUNNING_BINDINGS } from "../../components/summarizer/summarizer-offer.js";
import { HANDOFF_BINDINGS } from "../../components/handoff/handoff-keys.js";
import { LABEL_EDITOR_BINDINGS } from "../../components/label/label-keys.js";
import { FIND_PROMPT_BINDINGS, findHitKeys, findPromptHint, findPromptKeyAction, treeKeyAction } from "../../components/tree/tree-keys.js";
import { HELP_OVERLAY_BINDINGS, helpOverlayCommand, helpOverlayHint, shellKey } from "../../components/app/help-keys.js";
import { PICKER_BINDINGS, pickerHints, pickerKeyAction } from "../../components/picker/key-actions.js";
import { STALE_BINDINGS } from "../../components/document/StaleLine.js";
import type { Key } from "ink";
import { toKeyPress, type KeyName, type KeyPress } from "../../components/kit/keys.js";
import { activePreviewBindings, previewFooter, previewKeyCommand } from "../../components/compaction/preview-keys.js";
import { activeRecallBindings, expandedKeyAction, expandedScrollKey, recallFooter, recallFooterItems, recallKeyAction } from "../../components/recall/recall-keys.js";
import { initRecallState, type RecallState } from "../../components/recall/recall-reducer.js";
import { TIMELINE_BINDINGS, timelineFooter, timelineKeyAction } from "../../components/timeline/timeline-keys.js";
import { activeProblemsBindings, problemsFooter, problemsKeyCommand } from "../../components/problems/problems-keys.js";
import { DIFF_BINDINGS, diffFooter, diffKeyCommand } from "../../components/diff/diff-keys.js";
import { previewPassedHint } from "../../components/compaction/preview-keys.js";
import { CONFIRM_FOOTER_STYLE, confirmFooter, confirmFooterItems, confirmKeyCommand } from "../../components/commit/confirm-keys.js";
import { branchFlowKeyCommand, flowFooter, flowFooterItems, instructionsFooter, instructionsFooterItems, planScrollKeys } from "../../components/branch/branch-flow-keys.js";
import { editorCommand } from "../../components/kit/multiline-editor/editor-keys.js";
import { initEditor } from "../../components/kit/multiline-editor/editor-state.js";

/** The key press a key name is, with the text a printable key types. */
function pressOf(name: KeyName): KeyPress {
  if ([...name].length === 1) return { name, text: name };
  if (/^shift\+[a-z]$/.test(name)) return { name, text: name.slice(6).toUpperCase() };
  return { name, text: "" };
}

/** Every key of every entry acts (through the screen's own dispatch), and every entry is on the line. */
function expectFooterInStep(items: readonly FooterItem[], line: string, acts: (key: KeyPress) => boolean, style?: Parameters<typeof footerEntry>[1]): void {
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    for (const key of item.keys) expect(acts(pressOf(key)), `footer key ${key} (${item.text}) does nothing here`).toBe(true);
    expect(line, `footer entry "${footerEntry(item, style)}"`).toContain(footerEntry(item, style));
  }
}

const named = (items: readonly FooterItem[]): KeyName[] => items.flatMap((i) => i.keys);

describe("footer kit", () => {
  it("merges bindings with the same words, refuses a footer key its binding does not bind, drops high ranks first", () => {
    const table: Binding<number>[] = [
      { keys: ["d"], help: "diff", run: 1, footer: "diff" },
      { keys: ["w"], help: "write", run: 2, footer: "write" },
      { keys: ["b"], help: "branch diff", run: 3, footer: "diff" },
      { keys: ["0"], help: "reset", run: 4, footer: "reset", footerRank: 2 },
      { keys: ["escape", "q"], help: "back", run: 5, footer: "back", footerKeys: ["escape", "q"] },
      { keys: ["up"], help: "not in the footer", run: 6 },
    ];
    const items = footerItems(table);
    expect(items.map((i) => footerEntry(i))).toEqual(["d/b diff", "w write", "0 reset", "Esc/q back"]);
    expect(footerLine(items, 200)).toBe("  d/b diff · w write · 0 reset · Esc/q back");
    expect(footerLine(items, 36)).toBe("  d/b diff · w write · Esc/q back");
    expect(() => footerItems([{ keys: ["d"], help: "x", run: 1, footer: "x", footerKeys: ["e"] }])).toThrow(/not one of the keys/);
    // One entry at a time: the last of the highest rank goes first, no more than needed.
    const two = footerItems([
      { keys: ["a"], help: "a", run: 1, footer: "alpha", footerRank: 1 },
      { keys: ["b"], help: "b", run: 2, footer: "beta", footerRank: 1 },
      { keys: ["c"], help: "c", run: 3, footer: "gamma" },
    ]);
    expect(footerLine(two, 22)).toBe("  a alpha · c gamma");
    expect(footerLine(two, 5)).toBe("  c gamma");
    expect(["escape", "pageup", "shift+k", "ctrl+x", "shift+tab", "ctrl+left", " "].map((k) => footerKeyLabel(k as KeyName))).toEqual(["Esc", "PgUp", "K", "Ctrl+X", "Shift+Tab", "Ctrl+←", "Space"]);
  });

  it("types key names: a table with a name no key press has does not compile", () => {
    // @ts-expect-error "esc" is no key name (the router says "escape")
    const typo: Binding<null> = { keys: ["esc"], help: "x", run: null };
    // @ts-expect-error key names are lower case; Shift+K is "shift+k"
    const capital: Binding<null> = { keys: ["ctrl+K"], help: "x", run: null };
    const fine: Binding<null> = { keys: ["ctrl+k", "shift+k", "escape", "alt+left", "?", "\n"], help: "x", run: null };
    expect([typo, capital, fine].length).toBe(3);
  });

  it("names a key press only with a KeyName: a character no table could bind is text with no name", () => {
    const plain = {} as Key;
    expect(toKeyPress("é", plain)).toEqual({ name: "", text: "é" });
    expect(toKeyPress("字", plain)).toEqual({ name: "", text: "字" });
    expect(toKeyPress("É", plain)).toEqual({ name: "", text: "É" });
    expect(toKeyPress("Q", plain)).toEqual({ name: "shift+q", text: "Q" });
    expect(toKeyPress("+", plain)).toEqual({ name: "+", text: "+" });
    expect(toKeyPress("ü", { ...plain, ctrl: true }).name).toBe("");
    expect(toKeyPress("ü", { ...plain, meta: true }).name).toBe("");
    expect(toKeyPress("k", { ...plain, ctrl: true }).name).toBe("ctrl+k");
    expect(toKeyPress("", { ...plain, leftArrow: true, ctrl: true }).name).toBe("ctrl+left");
    // Typed, it still goes where text goes: pi's type-to-search.
    expect(treeKeyAction(toKeyPress("é", plain), { query: "" })).toEqual({ type: "typeSearch", text: "é" });
  });
});

describe("compaction preview footer", () => {
  for (const settingsRead of [true, false]) {
    it(`names only keys that act ${settingsRead ? "once the settings are read" : "while pi's settings are read"}`, () => {
      const state = { settingsRead };
      const items = footerItems(activePreviewBindings(state));
      expectFooterInStep(items, previewFooter(state, 400), (key) => previewKeyCommand(key, state) !== undefined);
      for (const key of ["[", "]", "shift+k", "0"] as const) {
        expect(named(items).includes(key)).toBe(settingsRead);
        expect(previewKeyCommand(pressOf(key), state) !== undefined).toBe(settingsRead);
      }
    });
  }
});

describe("recall footer", () => {
  const base = initRecallState(0);
  const expanded = { entryId: "a1", scroll: 0 } as unknown as NonNullable<RecallState["expanded"]>;
  const states: [string, RecallState][] = [
    ["typing, empty query", base],
    ["typing a query", { ...base, query: "cache" }],
    ["result keys", { ...base, query: "cache", focus: "results" }],
    ["result keys, empty query", { ...base, focus: "results" }],
    ["an expanded entry", { ...base, query: "cache", focus: "results", expanded }],
  ];
  for (const [name, state] of states) {
    it(`names only keys that act: ${name}`, () => {
      const acts = (key: KeyPress) => {
        if (state.expanded) return expandedKeyAction(key) !== null || expandedScrollKey(key) !== null;
        const run = recallKeyAction(key, state);
        // A query edit is the text field's, not a key of the recall's tables.
        return run !== null && run !== "typeNext" && !(typeof run === "object" && run.type === "editQuery");
      };
      expectFooterInStep(recallFooterItems(state), recallFooter(state, 400), acts);
      expect(named(recallFooterItems(state)).every((k) => activeRecallBindings(state).some((b) => b.keys.includes(k)))).toBe(true);
    });
  }
  it("says what Esc does with the query, and names e expand only among the results", () => {
    expect(recallFooter(base, 400)).toContain("Esc back");
    expect(recallFooter({ ...base, query: "x" }, 400)).toContain("Esc clear");
    expect(recallFooter({ ...base, focus: "results" }, 400)).toContain("e expand");
    expect(named(recallFooterItems(base))).not.toContain("e");
  });
});

describe("timeline, problems and diff footers", () => {
  it("timeline: every key it names moves, jumps, helps or goes back", () => {
    const items = footerItems(TIMELINE_BINDINGS);
    expectFooterInStep(items, timelineFooter(400), (key) => timelineKeyAction(key.name) !== null);
    expect(timelineFooter(400)).toContain("Enter jump to the tree");
  });

  it("problems: with nothing listed only Esc acts; Enter is named where the problem has an entry to jump to", () => {
    for (const state of [{ count: 0, canJump: false }, { count: 3, canJump: false }, { count: 3, canJump: true }]) {
      const items = footerItems(activeProblemsBindings(state));
      expectFooterInStep(items, problemsFooter(state, 400), (key) => problemsKeyCommand(key.name, state) !== null);
      expect(named(items).includes("enter")).toBe(state.canJump);
      expect(named(items).includes("up")).toBe(state.count > 0);
      expect(problemsKeyCommand("enter", state) !== null).toBe(state.canJump);
    }
  });

  it("diff: its keys, then the keys the preview below still takes", () => {
    expectFooterInStep(footerItems(DIFF_BINDINGS), diffFooter(400), (key) => diffKeyCommand(key) !== undefined);
    const passed = previewPassedHint();
    expect(diffFooter(400, passed)).toContain(passed);
    for (const key of ["[", "]", "{", "}", "<", ">", "p"] as const) {
      expect(passed).toContain(key);
      expect(diffKeyCommand(pressOf(key))).toBeUndefined();
      expect(previewKeyCommand(pressOf(key), { settingsRead: true })).toBeDefined();
    }
  });
});

describe("confirm step footers", () => {
  const caller: Binding<() => void>[] = [{ keys: ["d"], help: "diff", run: () => {}, footer: "full context diff" }];
  for (const state of [
    { failed: false, scrolls: false },
    { failed: false, scrolls: true, verb: "create the new file ▼3" },
    { failed: true, scrolls: true },
  ]) {
    it(`names only keys that act: ${JSON.stringify(state)}`, () => {
      const items = confirmFooterItems(state, caller);
      const line = confirmFooter(state, caller);
      expectFooterInStep(items, line, (key) => confirmKeyCommand(key, state) !== null || (!state.failed && key.name === "d"), CONFIRM_FOOTER_STYLE);
      expect(named(items).includes("y")).toBe(!state.failed);
      expect(named(items).includes("up")).toBe(state.scrolls && !state.failed);
      expect(confirmKeyCommand(pressOf("y"), state) !== null).toBe(!state.failed);
    });
  }
  it("keeps the words the confirm steps have always shown", () => {
    expect(confirmFooter({ failed: false, scrolls: true }, caller)).toBe("  y: write   Esc/n: cancel, nothing is written   ↑/↓/PgUp/PgDn: scroll   d: full context diff");
    expect(confirmFooter({ failed: true, scrolls: false })).toBe("  The file was left as it was. Esc: back");
  });
});

describe("branch flow footers", () => {
  for (const stage of ["choose", "noSummary", "nothingToSummarize"] as const) {
    it(`names only keys that act on ${stage}`, () => {
      expectFooterInStep(flowFooterItems(stage), flowFooter(stage), (key) => branchFlowKeyCommand(key, stage) !== null);
    });
  }
  it("the instructions stage: Enter and Ctrl+J are the editor's, Esc the flow's", () => {
    const editor = initEditor("focus on the cache");
    expectFooterInStep(instructionsFooterItems(), instructionsFooter(), (key) => {
      if (branchFlowKeyCommand(key, "instructions") !== null) return true;
      const command = editorCommand(key, editor, 40);
      return command.kind === "submit" || command.kind === "edit";
    });
    expect(instructionsFooter()).toContain("Enter preview · Esc back to the choice");
  });
  it("Esc says where it goes", () => {
    expect(flowFooter("choose")).toContain("↑/↓ choose · Enter select · Esc back to the tree");
    expect(flowFooter("noSummary")).toContain("Esc back to the choice");
    expect(flowFooter("nothingToSummarize")).toContain("Esc/Enter back to the tree");
    expect(planScrollKeys()).toBe("PgUp/PgDn");
    for (const key of ["pageup", "pagedown"] as const) expect(branchFlowKeyCommand(pressOf(key), "choose")?.type).toBe("scrollPlan");
  });
});

describe("the small modal views", () => {
  const tables: [string, readonly Binding<unknown>[], FooterStyle | undefined][] = [
    ["setting prompt", SETTING_PROMPT_BINDINGS, undefined],
    ["model list", MODEL_PICKER_BINDINGS, undefined],
    ["pi at work", PI_RUNNING_BINDINGS, { keysEnd: ": " }],
    ["pi's failure", PI_FAILURE_BINDINGS, { keysEnd: ": " }],
    ["Shift+O choice", HANDOFF_BINDINGS, undefined],
    ["label editor", LABEL_EDITOR_BINDINGS, undefined],
    ["back on Esc", BACK_ON_ESCAPE, undefined],
  ];
  for (const [name, table, style] of tables) {
    it(`${name}: the footer names keys of its own table only`, () => {
      const lookup = bindingLookup(table);
      expectFooterInStep(footerItems(table), modalFooter(table, style), (key) => lookup(key.name) !== null, style);
    });
  }
  it("keeps the words these views have always shown", () => {
    expect(settingPromptFooter()).toContain("Enter set · Esc cancel");
    expect(modalFooter(PI_RUNNING_BINDINGS, { keysEnd: ": " })).toBe("  Esc: cancel the request; nothing is written");
    expect(modalFooter(HANDOFF_BINDINGS)).toBe("  ↑/↓ choose · Enter select · Esc back, nothing is written");
    expect(modalFooter(LABEL_EDITOR_BINDINGS)).toBe("  Enter save (asks first) · Esc cancel");
    expect(findPromptHint()).toBe("  (enter find · esc cancel)");
    expect(findHitKeys()).toBe("ctrl+n/ctrl+p");
    expect(helpOverlayHint(false)).toBe("   (any key but ↑/↓ PgUp/PgDn closes)");
    expect(pickerHints(true)).toBe('tab scope · ctrl+s sort · ctrl+n named · ctrl+p path (on) · enter open · esc quit · re:<pattern> regex · "phrase" exact');
  });
  it("the find prompt, the picker, the help overlay and a stale plan name keys their dispatch takes", () => {
    for (const item of footerItems(FIND_PROMPT_BINDINGS)) for (const key of item.keys) expect(findPromptKeyAction(pressOf(key))).toBe(item.text);
    for (const item of footerItems(PICKER_BINDINGS)) for (const key of item.keys) expect(pickerKeyAction(pressOf(key))).not.toBeNull();
    for (const item of footerItems(HELP_OVERLAY_BINDINGS)) for (const key of item.keys) expect(helpOverlayCommand(key)).not.toBeNull();
    expect(named(footerItems(STALE_BINDINGS))).toEqual(["ctrl+r"]);
    expect(shellKey("ctrl+c")).toBe("quit");
  });
});
