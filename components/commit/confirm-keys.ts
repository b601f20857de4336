// The confirm step's keys (CommitConfirm, before every write): one table drives the step and the help
// overlay. Callers may offer their own keys first (the branch preview's d); their hints say so.
import { bindingLookup, type Binding, type ScrollCommand } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";

export type ConfirmCommand = { type: "write" } | { type: "cancel" } | ({ type: "scroll" } & ScrollCommand<"line" | "page">);

export type ConfirmBinding = Binding<ConfirmCommand>;

export const CONFIRM_BINDINGS: ConfirmBinding[] = [
  { keys: ["y"], help: "write: guarded append (file unchanged since read, lock, fsync, re-read)", run: { type: "write" } },
  { keys: ["n", "escape", "ctrl+c"], help: "cancel; nothing is written", run: { type: "cancel" } },
  { keys: ["up"], help: "scroll what will be written up one line", run: { type: "scroll", by: "line", direction: -1 } },
  { keys: ["down"], help: "scroll it down one line", run: { type: "scroll", by: "line", direction: 1 } },
  { keys: ["pageup"], help: "scroll it up one page", run: { type: "scroll", by: "page", direction: -1 } },
  { keys: ["pagedown", " "], help: "scroll it down one page", run: { type: "scroll", by: "page", direction: 1 } },
];

const CONFIRM = bindingLookup(CONFIRM_BINDINGS);

/** What a key does on the confirm step, or null (the step is modal: such keys are swallowed). */
export const confirmKeyCommand = (key: KeyPress): ConfirmCommand | null => CONFIRM(key.name);
