// Test helpers: a tree state from a fixture, and its window as plain text lines.
import { createTreeModel } from "../../components/tree/tree-model.js";
import { initTreeState, type TreeState } from "../../components/tree/tree-reducer.js";
import { buildWindowRows, type RowFacts } from "../../components/tree/row-render.js";
import { loadFixtureTree } from "./load-fixture.js";
import type { SessionTree } from "../../src/engine/index.js";

export const noFacts = (n: number): RowFacts => ({ inContext: new Uint8Array(n), tokens: () => 0, now: new Date("2026-11-01T12:00:00Z") });

export function stateFor(tree: SessionTree, pageSize = 20): TreeState {
  return initTreeState(createTreeModel(tree, "/home/u"), pageSize);
}

export const fixtureState = (name: string, pageSize = 20): TreeState => stateFor(loadFixtureTree(name), pageSize);

/** The tree window as text, pi-style, without our right-hand column. */
export function windowText(s: TreeState, width = 200, height = 50): string[] {
  return buildWindowRows(s, noFacts(s.model.flat.nodes.length), width, height).map((r) =>
    r.body.map((c) => c.text).join("").trimEnd(),
  );
}

export const selectedText = (s: TreeState): string => windowText(s).find((l) => l.startsWith("›")) ?? "";
