// What an open plan (branch flow, compaction, label, fork, the compaction preview and its diffs) says
// when pi appended to the file after it was computed: it never changes under the user's eyes; this
// line says how much came since and Ctrl+R computes it again on the file as it is now.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { useKeyLayer } from "../kit/key-router.js";
import { appendedSince, changeSince, type SessionDocument } from "./session-document.js";

/** The line for a plan computed on `basis` while the file now is `current`, or null when nothing changed. */
export function staleText(basis: SessionDocument, current: SessionDocument): string | null {
  const change = changeSince(basis, current);
  if (change === null) return null;
  const what = "reread" in change ? "the file was read again" : appendedSince(change.appended);
  // The key first: a narrow terminal cuts the line's end.
  return `Ctrl+R: recompute — ${what} since this was computed; what is shown is the file as it was.`;
}

/** The line, and Ctrl+R (ahead of the plan's own keys) while it shows. */
export function StaleLine(props: { text: string | null; active: boolean; onRecompute: () => void }) {
  const theme = useTheme();
  useKeyLayer("overlay", (key) => (key.name === "ctrl+r" ? (props.onRecompute(), true) : false), props.active && props.text !== null);
  if (props.text === null) return null;
  return <Text wrap="truncate" {...theme.warning}>{` ${props.text}`}</Text>;
}
