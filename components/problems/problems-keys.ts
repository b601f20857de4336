// The problems screen's keys: one table drives its input and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerItems, footerLine } from "../kit/footer.js";
import type { KeyName } from "../kit/keys.js";

export type ProblemsCommand = { type: "move"; by: "line" | "page" | "edge"; direction: 1 | -1 } | { type: "jump" } | { type: "back" };

export const PROBLEMS_BINDINGS: Binding<ProblemsCommand>[] = [
  { keys: ["up", "k"], help: "previous problem", run: { type: "move", by: "line", direction: -1 }, footer: "choose" },
  { keys: ["down", "j"], help: "next problem", run: { type: "move", by: "line", direction: 1 }, footer: "choose" },
  { keys: ["pageup", "left"], help: "page up", run: { type: "move", by: "page", direction: -1 } },
  { keys: ["pagedown", "right"], help: "page down", run: { type: "move", by: "page", direction: 1 } },
  { keys: ["home"], help: "first problem", run: { type: "move", by: "edge", direction: -1 } },
  { keys: ["end"], help: "last problem", run: { type: "move", by: "edge", direction: 1 } },
  { keys: ["enter"], help: "jump: back to the tree, cursor on the orphan (or the entry after the damaged line)", run: { type: "jump" }, footer: "jump to the entry" },
  { keys: ["escape", "q", "!", "ctrl+c"], help: "back to the tree", run: { type: "back" }, footer: "back" },
];

/** What the list holds, as far as its keys care: with no problems only "back" acts; Enter needs an entry to jump to. */
export interface ProblemsKeyState {
  count: number;
  canJump: boolean;
}

/** The bindings that act in this state: the screen dispatches from them and its footer lists them. */
export const activeProblemsBindings = (state: ProblemsKeyState): Binding<ProblemsCommand>[] =>
  PROBLEMS_BINDINGS.filter((b) => (b.run.type === "move" ? state.count > 0 : b.run.type === "jump" ? state.canJump : true));

export function problemsKeyCommand(name: KeyName | "", state: ProblemsKeyState): ProblemsCommand | null {
  const command = ALL(name);
  return command !== null && activeProblemsBindings(state).some((b) => b.run === command) ? command : null;
}
const ALL = bindingLookup(PROBLEMS_BINDINGS);

/** The problems screen's key line; `position` ("(3/40)") follows it when the list scrolls. */
export const problemsFooter = (state: ProblemsKeyState, columns: number, position?: string): string =>
  footerLine(footerItems(activeProblemsBindings(state)), columns, { note: position });
