// The screen stack as a pure reducer: open a tree on top, go back, quit.
import type { FileSnapshot, SessionTree } from "../../src/engine/index.js";
import type { SessionDocument } from "../document/session-document.js";
import type { Screen } from "./screens.js";

export interface StackState {
  screens: Screen[];
  /** Set when the last screen was left or quit was asked for: the app unmounts. */
  done: boolean;
}

export type StackAction =
  | { type: "openTree"; path: string; entryId?: string }
  | { type: "openCompaction"; file: string; tree: SessionTree; targetId: string | null; snapshot?: FileSnapshot; document?: SessionDocument }
  /** The compaction preview on top computes again on the file as it is now (pi appended since). */
  | { type: "recomputeCompaction"; document: SessionDocument }
  | { type: "openRecall"; path: string; tree: SessionTree }
  | { type: "recallJump"; entryId: string }
  | { type: "openTimeline"; path: string; tree: SessionTree; entryId: string }
  | { type: "back" }
  | { type: "quit" };

export function stackReducer(s: StackState, action: StackAction): StackState {
  switch (action.type) {
    case "openTree": {
      const top = s.screens.at(-1);
      // Only the picker opens a tree. A second Enter that reached it while the first one's tree was
      // still being read (a large file) must not stack a second tree on the first.
      if (top !== undefined && top.kind !== "picker") return s;
      const revealOnOpen = action.entryId === undefined ? {} : { revealOnOpen: action.entryId };
      return { ...s, screens: [...s.screens, { kind: "tree", path: action.path, fromPicker: top?.kind === "picker", ...revealOnOpen }] };
    }
    case "openCompaction":
      return {
        ...s,
        screens: [
          ...s.screens,
          { kind: "compaction", file: action.file, tree: action.tree, targetId: action.targetId, snapshot: action.snapshot, document: action.document },
        ],
      };
    case "recomputeCompaction": {
      const top = s.screens.at(-1);
      if (top?.kind !== "compaction") return s;
      const { document } = action;
      // The previewed entry stays when the file still has it; else pi's leaf.
      const targetId = top.targetId !== null && document.tree.byId.has(top.targetId) ? top.targetId : null;
      const screens = s.screens.slice(0, -1);
      return { ...s, screens: [...screens, { ...top, tree: document.tree, snapshot: document.snapshot, document, targetId, generation: (top.generation ?? 0) + 1 }] };
    }
    case "openRecall":
      return { ...s, screens: [...s.screens, { kind: "recall", path: action.path, tree: action.tree }] };
    case "openTimeline":
      return { ...s, screens: [...s.screens, { kind: "timeline", path: action.path, tree: action.tree, entryId: action.entryId }] };
    case "recallJump": {
      // Pop recall (or the timeline); the tree below puts its cursor on the entry (only if it still shows that tree).
      const recall = s.screens.at(-1);
      const screens = s.screens.slice(0, -1);
      const below = screens.at(-1);
      if ((recall?.kind !== "recall" && recall?.kind !== "timeline") || below?.kind !== "tree") return s;
      screens[screens.length - 1] = { ...below, reveal: { entryId: action.entryId, tree: recall.tree } };
      return { ...s, screens };
    }
    case "back": {
      const screens = s.screens.slice(0, -1);
      return { screens, done: screens.length === 0 };
    }
    case "quit":
      return { ...s, done: true };
  }
}
