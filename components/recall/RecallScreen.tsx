// The recall screen: full-text search over the whole session (every branch, compacted spans
// included), opened from the tree with `/`. State lives in one reducer; searches run off the render
// path (useRecallSearch); keys arrive through useRecallInput; the parts below are dumb views.
import { useMemo, useReducer } from "react";
import { Box, Text } from "ink";
import type { SessionTree } from "../../src/engine/index.js";
import { useProfile, useScreenSize, useTheme } from "../kit/app-context.js";
import type { HelpGroupId } from "../kit/screen-contract.js";
import { Cells } from "../kit/Cells.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { PaneLines } from "../kit/pane-lines.js";
import { expandedLines } from "./expanded-lines.js";
import { LineWindow } from "./LineWindow.js";
import { cachedRecallIndex } from "./recall-index-cache.js";
import { QueryLine } from "./QueryLine.js";
import { initRecallState, recallReducer } from "./recall-reducer.js";
import { recallFooter } from "./recall-keys.js";
import { resultLayout, windowStart } from "./result-lines.js";
import { statusCells } from "./status-cells.js";
import { useRecallInput } from "./use-recall-input.js";
import { useRecallSearch } from "./use-recall-search.js";

export interface RecallScreenProps {
  tree: SessionTree;
  /** Shown in the title line. */
  path: string;
  /** False while covered (help overlay): keys go elsewhere and the query box does not type. */
  active: boolean;
  /** Enter: close recall and put the tree's cursor on this entry. */
  onJump: (entryId: string) => void;
  onBack: () => void;
  onHelp: (group: HelpGroupId) => void;
}

/** Title, query, status and hint lines around the list. */
const CHROME_ROWS = 4;


export function RecallScreen(props: RecallScreenProps) {
  const { columns, rows } = useScreenSize();
  const profile = useProfile();
  const theme = useTheme();
  // Opened before on this session: the index is cached, so the screen starts ready (no "indexing…").
  const [state, dispatch] = useReducer(recallReducer, props.tree, (tree) => initRecallState(cachedRecallIndex(tree, profile)?.compactions.length ?? null));
  const index = useRecallSearch(props.tree, profile, state, dispatch);
  const listHeight = Math.max(1, rows - 1 - CHROME_ROWS);

  const outcome = state.shown?.outcome ?? null;
  const layout = useMemo(() => resultLayout(outcome, state.selected, columns), [outcome, state.selected, columns]);
  const expandedEntry = state.expanded?.entry;
  const fullText = useMemo(() => (expandedEntry ? expandedLines(expandedEntry, columns) : new PaneLines({})), [expandedEntry, columns]);
  const expandedScroll = state.expanded?.scroll ?? 0;

  useRecallInput(
    {
      state,
      dispatch,
      index,
      expandedLines: { lines: fullText, height: listHeight },
      onJump: props.onJump,
      onBack: props.onBack,
      onHelp: props.onHelp,
    },
    props.active,
  );

  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text wrap="truncate">
        <Text {...theme.title}>  Recall</Text>
        <Text {...theme.muted}>{`  ${sanitizeInline(props.path)}`}</Text>
      </Text>
      <QueryLine
        value={state.query}
        cursor={state.cursor}
        focused={props.active && state.focus === "query" && state.expanded === null}
        width={columns}
      />
      <Cells cells={statusCells(state, fullText.below(expandedScroll, listHeight).more ? { lines: fullText.known, more: true } : { lines: fullText.known, more: false })} />
      {state.expanded ? (
        <LineWindow lines={fullText.slice(0, expandedScroll + listHeight + 1)} start={expandedScroll} height={listHeight} width={columns} />
      ) : (
        <LineWindow
          lines={layout.lines.map((l) => l.cells)}
          start={windowStart(layout, state.selected, listHeight)}
          height={listHeight}
          width={columns}
        />
      )}
      <Text {...theme.muted} wrap="truncate">
        {recallFooter(state, columns)}
      </Text>
    </Box>
  );
}
