// The keys of the Shift+O choice (the help overlay lists them).
import { bindingLookup, type Binding } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";

export const HANDOFF_CHOICES = [
  { id: "summarize", label: "Branch summary (the branch flow: pi's or the compiled summary), then open the session in pi" },
  { id: "fork", label: "No summary: fork the path to this entry into a new session file, then open that in pi" },
] as const;

export type HandoffChoiceId = (typeof HANDOFF_CHOICES)[number]["id"];

export type HandoffCommand = { type: "move"; delta: 1 | -1 } | { type: "choose" } | { type: "cancel" };

export const HANDOFF_BINDINGS: Binding<HandoffCommand>[] = [
  { keys: ["up"], help: "previous choice: branch summary / fork (wraps)", run: { type: "move", delta: -1 }, footer: "choose" },
  { keys: ["down"], help: "next choice (wraps)", run: { type: "move", delta: 1 }, footer: "choose" },
  { keys: ["enter"], help: "select: write the move, then open pi there", run: { type: "choose" }, footer: "select" },
  { keys: ["escape", "ctrl+c"], help: "back to the tree; nothing is written", run: { type: "cancel" }, footer: "back, nothing is written" },
];

const LOOKUP = bindingLookup(HANDOFF_BINDINGS);

export const handoffChoiceKey = (key: KeyPress): HandoffCommand | null => LOOKUP(key.name);
