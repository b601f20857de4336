// What an open plan (branch flow, compaction, label, fork, the compaction preview and its diffs) says
// when pi appended to the file after it was computed: it never changes under the user's eyes; this
// line says how much came since and Ctrl+R computes it again on the file as it is now.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerItems, footerLine } from "../kit/footer.js";
import { useKeyLayer } from "../kit/key-router.js";
import { appendedSince, changeSince, type SessionDocument } from "./session-document.js";

/** The line for a plan computed on `basis` while the file now is `current`, or null when nothing changed. */
export function staleText(basis: SessionDocument, current: SessionDocument): string | null {
  const change = changeSince(basis, current);
  if (change === null) return null;
  const what = "reread" in change ? "the file was read again" : appendedSince(change.appended);
  // The key first: a narrow terminal cuts the line's end.
  return `${footerLine(footerItems(STALE_BINDINGS), Number.MAX_SAFE_INTEGER, { lead: "", keysEnd: ": " })} — ${what} since this was computed; what is shown is the file as it was.`;
}

/** The one key of a stale plan; the help overlay lists it with the preview's keys. */
export const STALE_BINDINGS: Binding<"recompute">[] = [
  { keys: ["ctrl+r"], help: "when pi appended since the plan was computed: compute it again on the file as it is now", run: "recompute", footer: "recompute" },
];
const STALE = bindingLookup(STALE_BINDINGS);

/** The line, and Ctrl+R (ahead of the plan's own keys) while it shows; other keys go on to the plan. */
export function StaleLine(props: { text: string | null; active: boolean; onRecompute: () => void }) {
  const theme = useTheme();
  useKeyLayer("overlay", (key) => (STALE(key.name) === "recompute" ? (props.onRecompute(), true) : false), props.active && props.text !== null);
  if (props.text === null) return null;
  return <Text wrap="truncate" {...theme.warning}>{` ${props.text}`}</Text>;
}
