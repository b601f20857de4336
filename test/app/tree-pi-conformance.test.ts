// The tree rows must be what pi 1.6's own /tree draws. fixtures/app/pi-expected/cases.json holds pi's
// TreeSelectorComponent output (rows + counter) for our fixtures after key sequences (see gen.mjs).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { treeKeyAction } from "../../components/tree/tree-keys.js";
import { statusTags, treeReducer, type TreeState } from "../../components/tree/tree-reducer.js";
import { fixturePath } from "./load-fixture.js";
import { fixtureState, windowText } from "./tree-rows.js";
import type { KeyName, KeyPress } from "../../components/kit/keys.js";

interface Case {
  file: string;
  keys: string[];
  lines: string[];
}
const cases = JSON.parse(readFileSync(fixturePath("pi-expected/cases.json"), "utf8")) as Case[];

function press(s: TreeState, name: string): TreeState {
  // The cases name keys as the router does (kit/keys.ts).
  const key: KeyPress = name.length === 1 ? { name: name as KeyName, text: name } : { name: name as KeyName, text: "" };
  const run = treeKeyAction(key, s);
  return run !== null && typeof run === "object" ? treeReducer(s, run) : s;
}

function ourLines(s: TreeState): string[] {
  const count = s.visible.rows.length;
  if (count === 0) return ["  No entries found", `  (0/0)${statusTags(s)}`];
  return [...windowText(s, 200, 50), `  (${s.selected + 1}/${count})${statusTags(s)}`];
}

// The hostile entry is drawn sanitized by us and raw by pi: compare such rows up to its text.
const comparable = (line: string) => (line.includes("user: Clear") ? line.slice(0, line.indexOf("user: Clear") + 11) : line);

describe("tree rows match pi 1.6's /tree", () => {
  for (const c of cases) {
    it(`${c.file} after [${c.keys.join(" ")}]`, () => {
      let s = fixtureState(c.file, 50);
      for (const k of c.keys) s = press(s, k);
      expect(ourLines(s).map(comparable)).toEqual(c.lines.map(comparable));
    });
  }
});
