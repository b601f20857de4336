// The confirm step's keys (CommitConfirm, before every write): one table drives the step and the help
// overlay. Callers may offer their own keys first (the branch preview's d); their hints say so.
import { bindingLookup, type Binding, type ScrollCommand } from "../kit/bindings.js";
import { footerItems, footerLine, type FooterItem } from "../kit/footer.js";
import type { KeyPress } from "../kit/keys.js";

export type ConfirmCommand = { type: "write" } | { type: "cancel" } | ({ type: "scroll" } & ScrollCommand<"line" | "page">);

export type ConfirmBinding = Binding<ConfirmCommand>;

export const CONFIRM_BINDINGS: ConfirmBinding[] = [
  { keys: ["y"], help: "write: guarded append (file unchanged since read, lock, fsync, re-read)", run: { type: "write" }, footer: "write" },
  { keys: ["n", "escape", "ctrl+c"], help: "cancel; nothing is written", run: { type: "cancel" }, footer: "cancel, nothing is written", footerKeys: ["escape", "n"] },
  { keys: ["up"], help: "scroll what will be written up one line", run: { type: "scroll", by: "line", direction: -1 }, footer: "scroll" },
  { keys: ["down"], help: "scroll it down one line", run: { type: "scroll", by: "line", direction: 1 }, footer: "scroll" },
  { keys: ["pageup"], help: "scroll it up one page", run: { type: "scroll", by: "page", direction: -1 }, footer: "scroll" },
  { keys: ["pagedown", " "], help: "scroll it down one page", run: { type: "scroll", by: "page", direction: 1 }, footer: "scroll" },
];

/** Where the confirm step stands, as far as its keys care. */
export interface ConfirmKeyState {
  /** The write failed: only going back is left. */
  failed: boolean;
  /** The lines are taller than the box: the scroll keys move them. */
  scrolls: boolean;
  /** What `y` does, in the footer ("write", "create the new file"), with the scroll marks after it. */
  verb?: string;
}

/** The bindings that act in this state (the step dispatches from them; its footer lists them). */
export function activeConfirmBindings(state: ConfirmKeyState): ConfirmBinding[] {
  if (state.failed) return CONFIRM_BINDINGS.filter((b) => b.run.type === "cancel").map((b) => ({ ...b, footer: "back", footerKeys: ["escape"] }));
  return CONFIRM_BINDINGS.filter((b) => b.run.type !== "scroll" || state.scrolls).map((b) => (b.run.type === "write" && state.verb !== undefined ? { ...b, footer: state.verb } : b));
}

/** What a key does on the confirm step in this state, or null (the step is modal: such keys are swallowed). */
export function confirmKeyCommand(key: KeyPress, state: ConfirmKeyState): ConfirmCommand | null {
  const command = CONFIRM(key.name);
  return command !== null && activeConfirmBindings(state).some((b) => b.run === command) ? command : null;
}
const CONFIRM = bindingLookup(CONFIRM_BINDINGS);

/** The confirm step's footer: its own keys, then the caller's (the branch preview's d, pi's summary keys). */
export function confirmFooterItems(state: ConfirmKeyState, callerKeys: readonly Binding<unknown>[] = []): FooterItem[] {
  return footerItems([...activeConfirmBindings(state), ...(state.failed ? [] : callerKeys)]);
}

export const CONFIRM_FOOTER_STYLE = { keysEnd: ": ", separator: "   " } as const;

export const confirmFooter = (state: ConfirmKeyState, callerKeys: readonly Binding<unknown>[] = []): string =>
  footerLine(confirmFooterItems(state, callerKeys), Number.MAX_SAFE_INTEGER, { ...CONFIRM_FOOTER_STYLE, lead: state.failed ? "  The file was left as it was. " : "  " });
