// The problems screen's keys: one table drives its input and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import type { KeyName } from "../kit/keys.js";

export type ProblemsCommand = { type: "move"; by: "line" | "page" | "edge"; direction: 1 | -1 } | { type: "jump" } | { type: "back" };

export const PROBLEMS_BINDINGS: Binding<ProblemsCommand>[] = [
  { keys: ["up", "k"], help: "previous problem", run: { type: "move", by: "line", direction: -1 } },
  { keys: ["down", "j"], help: "next problem", run: { type: "move", by: "line", direction: 1 } },
  { keys: ["pageup", "left"], help: "page up", run: { type: "move", by: "page", direction: -1 } },
  { keys: ["pagedown", "right"], help: "page down", run: { type: "move", by: "page", direction: 1 } },
  { keys: ["home"], help: "first problem", run: { type: "move", by: "edge", direction: -1 } },
  { keys: ["end"], help: "last problem", run: { type: "move", by: "edge", direction: 1 } },
  { keys: ["enter"], help: "jump: back to the tree, cursor on the orphan (or the entry after the damaged line)", run: { type: "jump" } },
  { keys: ["escape", "q", "!", "ctrl+c"], help: "back to the tree", run: { type: "back" } },
];

export const problemsKeyCommand: (name: KeyName | "") => ProblemsCommand | null = bindingLookup(PROBLEMS_BINDINGS);
