// The before/after context diff: every message the model sees on each side, matched by source entry
// and marked kept (=), removed (−) or added (+), with tokens; under it the by-kind bars. Keys arrive
// on the "pane" layer, so keys it does not use (settings, profile) still reach the preview below.
import { useMemo, useReducer } from "react";
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { formatCount } from "../../src/engine/index.js";
import { useKeyLayer } from "../kit/key-router.js";
import { Cells } from "../kit/Cells.js";
import { sanitizeInline } from "../kit/sanitize.js";
import type { DiffModel } from "./diff-model.js";
import { diffKeyCommand, diffFooter } from "./diff-keys.js";
import { diffLayout } from "./diff-layout.js";
import { diffViewReducer, initDiffViewState, nextChange, type DiffViewAction, type DiffViewState } from "./diff-reducer.js";
import { diffHeaderCells, diffRowCells } from "./diff-row-cells.js";
import { kindBarLines } from "./kind-bars.js";

export interface ContextDiffViewProps {
  model: DiffModel;
  width: number;
  height: number;
  active: boolean;
  onClose: () => void;
  /** Keys of the screen around the diff that still act while it is shown (the footer names them). */
  passedKeysHint?: string;
}

function useDiffInput(model: DiffModel, state: DiffViewState, dispatch: (a: DiffViewAction) => void, rowsHeight: number, active: boolean, onClose: () => void) {
  const statuses = useMemo(() => model.diff.rows.map((r) => r.status), [model]);
  const max = Math.max(0, statuses.length - rowsHeight);
  useKeyLayer(
    "pane",
    (key) => {
      const command = diffKeyCommand(key);
      const page = Math.max(1, rowsHeight - 1);
      switch (command) {
        case undefined:
          return false;
        case "up":
        case "down":
          dispatch({ type: "scroll", delta: command === "up" ? -1 : 1, max });
          break;
        case "pageUp":
        case "pageDown":
          dispatch({ type: "scroll", delta: command === "pageUp" ? -page : page, max });
          break;
        case "top":
        case "bottom":
          dispatch({ type: "scrollTo", edge: command, max });
          break;
        case "nextChange":
        case "prevChange":
          dispatch({ type: "jump", to: nextChange(statuses, state.scroll, command === "nextChange" ? 1 : -1), max });
          break;
        case "toggleBars":
          dispatch({ type: "toggleBars" });
          break;
        case "close":
          onClose();
          break;
      }
      return true;
    },
    active,
  );
}

export function ContextDiffView({ model, width, height, active, onClose, passedKeysHint }: ContextDiffViewProps) {
  const [state, dispatch] = useReducer(diffViewReducer, undefined, initDiffViewState);
  const chrome = 4 + (model.note ? 1 : 0);
  const layout = diffLayout(height, chrome, state.bars);
  useDiffInput(model, state, dispatch, layout.rowsHeight, active, onClose);
  const { diff } = model;
  const scroll = Math.min(state.scroll, Math.max(0, diff.rows.length - layout.rowsHeight));
  const below = Math.max(0, diff.rows.length - scroll - layout.rowsHeight);
  const rowSums = `${formatCount(diff.tokensBefore)} → ${formatCount(diff.tokensAfter)} tokens`;
  const sizes = model.counted
    ? `~${formatCount(model.counted.before)} tokens in ${model.before.length} messages → ~${formatCount(model.counted.after)} in ${model.after.length} (rows add up to ${rowSums})`
    : `${model.before.length} → ${model.after.length} messages, ${rowSums} by per-message estimate`;
  const totals = `${sizes} · ${diff.counts.removed} removed (−), ${diff.counts.added} added (+), ${diff.counts.kept} kept (=)`;
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height}>
      <Text {...theme.title} wrap="truncate">
        {`  ${sanitizeInline(model.title)}`}
        <Text {...theme.muted}>{`  ${scroll > 0 ? `▲${scroll} ` : ""}${below > 0 ? `▼${below}` : ""}`}</Text>
      </Text>
      {model.note && <Text {...theme.muted} wrap="truncate">{`  ${sanitizeInline(model.note)}`}</Text>}
      <Text wrap="truncate">{`  ${totals}`}</Text>
      <Cells cells={diffHeaderCells(model.beforeLabel, model.afterLabel, width)} />
      <Box flexDirection="column" height={layout.rowsHeight}>
        {diff.rows.slice(scroll, scroll + layout.rowsHeight).map((row, i) => (
          <Cells key={scroll + i} cells={diffRowCells(row, model.before, model.after, width)} />
        ))}
      </Box>
      {layout.showBars && kindBarLines(model.kinds.before, model.kinds.after, width).map((cells, i) => <Cells key={`bar${i}`} cells={cells} />)}
      <Text {...theme.muted} wrap="truncate">
        {diffFooter(width + 1, passedKeysHint)}
      </Text>
    </Box>
  );
}
