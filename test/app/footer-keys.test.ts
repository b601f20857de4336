// Footers are generated from the key tables (issue 12): in each state of each screen, every key the
// footer names is one the screen's dispatch acts on in that state, each entry of the footer's items
// is on the line, and keys whose bindings are inactive in a state are not named. Key names are typed:
// a table naming a key no key press is called does not compile.
import { describe, expect, it } from "vitest";
import type { Binding } from "../../components/kit/bindings.js";
import { footerEntry, footerItems, footerKeyLabel, footerLine, type FooterItem } from "../../components/kit/footer.js";
import type { KeyName, KeyPress } from "../../components/kit/keys.js";
import { activePreviewBindings, previewFooter, previewKeyCommand } from "../../components/compaction/preview-keys.js";
import { activeRecallBindings, expandedKeyAction, expandedScrollKey, recallFooter, recallFooterItems, recallKeyAction } from "../../components/recall/recall-keys.js";
import { initRecallState, type RecallState } from "../../components/recall/recall-reducer.js";

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
