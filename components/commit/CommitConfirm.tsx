// The one confirm step every write of the app goes through: the lines that will be written, then
// y to write or Esc to cancel. A refused or failed commit shows its reason in one line and leaves
// the file as it was; the caller learns of success only through onCommitted. Its keys are the table
// in confirm-keys.ts, which the help overlay lists.
// Reusable: give it the lines and a commit function (branch summaries, labels, forks, compactions).
import { useMemo, useReducer } from "react";
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { bindingLookup, scrollStep, type Binding } from "../kit/bindings.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { confirmFooter, confirmKeyCommand } from "./confirm-keys.js";

const NO_KEYS: Binding<() => void>[] = [];
import { wrapConfirmLines } from "./confirm-lines.js";
import { confirmReducer, initConfirmState } from "./confirm-state.js";
import type { Committed, Outcome } from "../document/session-document.js";

export interface CommitConfirmProps {
  /** Already sanitized lines shown above the preview, never scrolled (what the commit means). */
  head?: readonly string[];
  /** Already sanitized lines (see pendingEntryLines). */
  lines: string[];
  /** Rows this box may use, head and footer included. */
  height: number;
  width: number;
  /** Performs the write; runs only on `y`. */
  commit: () => Outcome<Committed>;
  onCommitted: (committed: Committed) => void;
  onCancel: () => void;
  /** False while something above it has the keys. */
  active?: boolean;
  /** What `y` does, for the footer ("write", "create the file"). */
  verb?: string;
  /** The caller's own keys (e.g. "d" for the full diff), offered each key first; their footer words join the step's. */
  keys?: Binding<() => void>[];
}

export function CommitConfirm(props: CommitConfirmProps) {
  // Wrapped, not cut: what the write means is read whole. The head never takes more than half the rows.
  const headLines = useMemo(() => wrapConfirmLines(props.head ?? [], props.width), [props.head, props.width]);
  const head = headLines.slice(0, Math.max(1, Math.floor(props.height / 2)));
  const lines = useMemo(() => wrapConfirmLines(props.lines, props.width), [props.lines, props.width]);
  return (
    <>
      {head.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
      <ConfirmBody {...props} lines={lines} height={head.length === 0 ? props.height : Math.max(2, props.height - head.length)} />
    </>
  );
}

function ConfirmBody(props: CommitConfirmProps) {
  const theme = useTheme();
  const { lines, height, width } = props;
  const [state, dispatch] = useReducer(confirmReducer, undefined, initConfirmState);
  const bodyHeight = Math.max(1, height - 1);
  const page = Math.max(1, bodyHeight - 1);
  const callerKeys = props.keys ?? NO_KEYS;
  const callerLookup = useMemo(() => bindingLookup(callerKeys), [callerKeys]);
  const visible = lines.slice(state.scroll, state.scroll + bodyHeight);
  const below = Math.max(0, lines.length - state.scroll - bodyHeight);
  // The scroll marks come right after y's words: a narrow terminal cuts the end of the line.
  const more = `${state.scroll > 0 ? ` ▲${state.scroll}` : ""}${below > 0 ? ` ▼${below}` : ""}`;
  const keyState = { failed: state.error !== null, scrolls: lines.length > bodyHeight, verb: `${props.verb ?? "write"}${more}` };

  useKeyLayer(
    "overlay",
    (key) => {
      const own = state.error === null ? callerLookup(key.name) : null;
      if (own !== null) return (own(), true);
      const command = confirmKeyCommand(key, keyState);
      if (command?.type === "cancel") props.onCancel();
      else if (command?.type === "write" && state.error === null) {
        const outcome = props.commit();
        if (outcome.ok) props.onCommitted(outcome.value);
        else dispatch({ type: "failed", message: outcome.message });
      } else if (command?.type === "scroll") {
        dispatch({ type: "scroll", delta: scrollStep(command, page, lines.length), total: lines.length, height: bodyHeight });
      }
      // Modal: every other key is swallowed so nothing below reacts while the user decides.
      return true;
    },
    props.active ?? true,
  );

  if (state.error !== null) {
    // The reason replaces the preview: it must be read whole, so it wraps instead of being cut.
    const reason = wrapText(`Not written: ${sanitizeInline(state.error)}`, Math.max(10, width - 4)).slice(0, bodyHeight);
    return (
      <Box flexDirection="column" width={width} height={height}>
        {reason.map((line, i) => (
          <Text key={i} {...theme.error}>{`  ${line}`}</Text>
        ))}
        <Box flexGrow={1} />
        <Text {...theme.muted}>{confirmFooter(keyState)}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {visible.map((line, i) => (
        <Text key={state.scroll + i} wrap="truncate">
          {line}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text wrap="truncate" {...theme.warning}>
        {confirmFooter(keyState, callerKeys)}
      </Text>
    </Box>
  );
}
