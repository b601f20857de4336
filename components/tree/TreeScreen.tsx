// The tree screen: pi's /tree over a whole session file, with a detail pane, context markers, token
// estimates and full-text find. State lives in two reducers (tree, detail pane); keys arrive through
// useTreeInput; the parts below are dumb views.
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Box, Text, useStdout } from "ink";
import { formatCount, shortenHome, type SessionTree } from "../../src/engine/index.js";
import { useAppEnv, useProfile, useScreenSize, useTheme } from "../kit/app-context.js";
import { StatusLine } from "./StatusLine.js";
import { PaneLines } from "../kit/pane-lines.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { CounterLine } from "./CounterLine.js";
import { osc52 } from "./copy-text.js";
import { DetailPane } from "./DetailPane.js";
import { detailLines } from "./detail-lines.js";
import { detailReducer, initDetailState } from "./detail-reducer.js";
import { paneFitsBeside, paneShownByDefault, treeLayout } from "./layout.js";
import { buildWindowRows, metaColumnFits, rightColumnWidth } from "./row-render.js";
import type { TextFieldState } from "../kit/text-field/text-field-state.js";
import { ProblemsScreen } from "../problems/ProblemsScreen.js";
import { SearchLine } from "./SearchLine.js";
import { costText } from "./cost-text.js";
import { followsLeaf, initTreeState, revealNote, selectedId, selectedNode, treeReducer, type TreeState } from "./tree-reducer.js";
import { TreeRows, type EmptyReason } from "./TreeRows.js";
import { useTreeInput, type TreeInputDeps } from "./use-tree-input.js";
import { useTreeSession } from "./use-tree-session.js";

export interface TreeScreenProps {
  tree: SessionTree;
  /** Shown in the title line. */
  path: string;
  /** False while an app overlay (help) is open: keys go there. */
  active: boolean;
  onBack: () => void;
  onHelp: () => void;
  /** Enter / Shift+L / Shift+F / Shift+C / Ctrl+R (reload) on the selected entry (components/commit/CommitTreeScreen). */
  onEntryCommand?: TreeInputDeps["onEntryCommand"];
  /** Ctrl+R: read the file again (components/commit/CommitTreeScreen); the view is kept. */
  onReload?: TreeInputDeps["onReload"];
  /** Shift+P: pause or resume the live tree (components/commit/CommitTreeScreen). */
  onPauseLive?: TreeInputDeps["onPauseLive"];
  /** Ctrl+K: the compaction preview at an entry of the tree shown (components/compaction, opened by the shell). */
  onCompactionPreview?: (tree: SessionTree, entryId: string) => void;
  /** Where the cursor starts (e.g. the new leaf after a commit); default pi's leaf. */
  initialSelectedId?: string;
  /** Shift+G: the context timeline at an entry of this tree (components/timeline, opened by the shell). */
  onTimeline?: (tree: SessionTree, entryId: string) => void;
  /** `/`: open recall over this tree (components/recall). */
  onRecall?: (tree: SessionTree) => void;
  /** Recall's jump: cursor on this entry; ignored unless made for this very tree (not one re-read since). */
  reveal?: { entryId: string; tree: SessionTree };
  /**
   * After a reload (a new `tree` for the same file), where the cursor goes: an entry, or null for
   * pi's new leaf; ignored unless made for this very tree. Without it the cursor keeps its entry.
   */
  reloadFocus?: { entryId: string | null; tree: SessionTree };
  /** `tree` is a first look at a large file whose exact load is still running: damaged lines are not known yet. */
  checking?: boolean;
  /**
   * Set while the file is followed (components/document): a new `tree` is what pi appended, and the
   * cursor follows pi's leaf when the tree's follow says so. `threshold`: pi's auto-compaction
   * threshold for the session's model (window - reserveTokens), shown against the context estimate.
   * `paused`: the host holds the tree still (Shift+P) and announces what pi appends instead.
   */
  live?: { threshold?: number; paused?: boolean };
}

/**
 * The entry Ctrl+K previews at: the selected one, except on the row that stands for pi's leaf when
 * the leaf itself is hidden (a label, a model change after the last message): then the leaf, so the
 * preview and its `w` are pi's /compact, not a compaction that leaves those entries behind.
 */
function previewTarget(state: TreeState, id: string): string {
  const flat = state.model.flat;
  const leaf = flat.leafId;
  if (leaf === null || leaf === id) return id;
  let node = flat.indexOf.get(leaf) ?? -1;
  while (node >= 0 && state.visible.rowOfNode[node] < 0) node = flat.nodes[node].parent;
  return node >= 0 && flat.nodes[node].entry.id === id ? leaf : id;
}

export function TreeScreen(props: TreeScreenProps) {
  // The area it draws in, where the app runs and the pi release: from the app context (kit/app-context.tsx).
  const { columns, rows } = useScreenSize();
  const { home } = useAppEnv();
  const profile = useProfile();
  const theme = useTheme();
  const session = useTreeSession(props.tree, home, profile);
  const [detail, detailDispatch] = useReducer(detailReducer, paneShownByDefault(columns), initDetailState);
  const layout = treeLayout(columns, rows, detail);
  const [stored, dispatch] = useReducer(treeReducer, session.model, (m) => {
    const init = initTreeState(m, layout.treeHeight);
    return props.initialSelectedId === undefined ? init : treeReducer(init, { type: "selectEntry", id: props.initialSelectedId });
  });
  // A reloaded file arrives as a new tree: the same view (search, filter, folds, find) over its
  // entries. Drawn rebased at once, stored rebased by the effect before the next key is delivered.
  const focusId = props.reloadFocus?.tree === props.tree ? props.reloadFocus.entryId : undefined;
  const live = props.live !== undefined;
  const rebase = useMemo(() => ({ type: "rebase" as const, model: session.model, focusId, live }), [session.model, focusId, live]);
  const state = useMemo(() => (stored.model === session.model ? stored : treeReducer(stored, rebase)), [stored, session.model, rebase]);
  useEffect(() => {
    if (stored.model !== rebase.model) dispatch(rebase);
  }, [stored.model, rebase]);
  const [findPrompt, setFindPrompt] = useState<TextFieldState | null>(null);
  // `!`: the list of damaged lines and orphaned entries covers the tree until Esc or a jump.
  const [problemsOpen, setProblemsOpen] = useState(false);
  // A one-off note in the counter line (after Ctrl+X, after a jump that had to change the view),
  // shown while the cursor stays on the row it was made on.
  const [noted, setNoted] = useState<{ text: string; node: number } | null>(null);
  const { write } = useStdout();
  const onCopy = (text: string | undefined) => {
    if (text === undefined) return setNoted({ text: "Ctrl+X: this entry has no text to copy", node: selectedNode(state) });
    write(osc52(text));
    setNoted({ text: `copied ${formatCount(text.length)} characters (OSC 52; the terminal must allow it)`, node: selectedNode(state) });
  };

  useEffect(() => dispatch({ type: "setPageSize", rows: layout.treeHeight }), [layout.treeHeight]);

  const reveal = props.reveal;
  const current = useRef(state);
  // The state this commit drew, for the reveal below (effects run in order).
  useEffect(() => {
    current.current = state;
  });
  useEffect(() => {
    if (!reveal || reveal.tree !== props.tree) return;
    const action = { type: "revealEntry" as const, id: reveal.entryId };
    const after = treeReducer(current.current, action);
    dispatch(action);
    // Saying so when the jump had to clear the search or drop the filter to show the entry.
    const text = revealNote(current.current, after);
    if (text !== null) setNoted({ text, node: selectedNode(after) });
  }, [reveal, props.tree]);

  const node = selectedNode(state);
  // A new entry is shown from its top. Only a scrolled pane is reset: a reset that changes nothing
  // still re-rendered the screen and had Ink lay out and draw the whole frame again, on every move.
  const paneScroll = useRef(detail.scroll);
  useEffect(() => {
    paneScroll.current = detail.scroll;
  });
  useEffect(() => {
    if (paneScroll.current !== 0) detailDispatch({ type: "reset" });
  }, [node]);
  const note = noted !== null && noted.node === node ? noted.text : null;

  const paneInner = Math.max(1, layout.paneWidth - 2);
  const findQuery = state.find?.query;
  const lines = useMemo(() => {
    if (layout.paneWidth === 0 || node < 0) return new PaneLines({ lines: [] });
    const facts = { inContext: session.facts.inContext[node] === 1, tokens: session.facts.tokens(node) };
    return detailLines(state.model.flat.nodes[node], facts, paneInner, findQuery);
  }, [layout.paneWidth, node, paneInner, findQuery, session, state.model]);

  useTreeInput(
    {
      state,
      dispatch,
      detail,
      detailDispatch,
      paneLines: { lines, height: Math.max(1, layout.treeHeight - 1) },
      paneBeside: paneFitsBeside(columns),
      findPrompt,
      setFindPrompt,
      onBack: props.onBack,
      onHelp: props.onHelp,
      onEntryCommand: props.onEntryCommand,
      onReload: props.onReload,
      onPauseLive: props.onPauseLive,
      onCopy,
      onRecall: props.onRecall && (() => props.onRecall?.(props.tree)),
      onCompactionPreview: props.onCompactionPreview && ((id: string) => props.onCompactionPreview?.(props.tree, previewTarget(state, id))),
      onTimeline: props.onTimeline && ((id: string) => props.onTimeline?.(props.tree, id)),
      onProblems: () => setProblemsOpen(true),
    },
    props.active && !problemsOpen,
  );
  const jumpTo = (id: string) => {
    setProblemsOpen(false);
    const action = { type: "revealEntry" as const, id };
    const after = treeReducer(state, action);
    dispatch(action);
    const text = revealNote(state, after);
    if (text !== null) setNoted({ text, node: selectedNode(after) });
  };
  // Per tree and cursor, not per frame: the branch walk (cost) and the diagnostics scan.
  const selected = selectedId(state);
  const cost = useMemo(() => (props.checking ? undefined : costText(props.tree, selected)), [props.checking, props.tree, selected]);
  const firstProblem = useMemo(() => props.tree.loaded.diagnostics.find((d) => !d.note), [props.tree]);
  if (problemsOpen) {
    return <ProblemsScreen tree={props.tree} active={props.active} onJump={jumpTo} onBack={() => setProblemsOpen(false)} />;
  }

  // Shift+I's id/time column only where it leaves the row text readable (not beside the pane at 60 columns).
  const metaShown = state.showMeta && metaColumnFits(layout.treeWidth);
  const bodyWidth = Math.max(4, layout.treeWidth - rightColumnWidth(metaShown));
  const windowRows = buildWindowRows(metaShown === state.showMeta ? state : { ...state, showMeta: metaShown }, session.facts, bodyWidth, layout.treeHeight);
  const emptyReason: EmptyReason = state.visible.rows.length > 0 ? "none" : state.model.flat.nodes.length === 0 ? "no-entries" : "all-hidden";
  // The home directory as "~" leaves room for the file name, the part that tells sessions apart.
  const shownPath = sanitizeInline(shortenHome(props.path, home));
  const title = session.name ? `${sanitizeInline(session.name)} — ${shownPath}` : shownPath;

  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      {layout.show.title && (
        <Text wrap="truncate">
          <Text {...theme.title}>  Session Tree</Text>
          <Text {...theme.muted}>{`  ${title}`}</Text>
        </Text>
      )}
      {layout.show.search && <SearchLine query={state.query} findPrompt={findPrompt} width={columns} />}
      <Box flexDirection="row" height={layout.treeHeight}>
        {layout.treeWidth > 0 && (
          <Box width={layout.treeWidth} flexDirection="column">
            <TreeRows rows={windowRows} bodyWidth={bodyWidth} height={layout.treeHeight} empty={emptyReason} />
          </Box>
        )}
        {layout.paneWidth > 0 && (
          <DetailPane lines={lines} scroll={detail.scroll} width={layout.paneWidth} height={layout.treeHeight} focused={detail.focused} />
        )}
      </Box>
      {layout.show.counter && (
        <CounterLine state={state} cost={cost} note={note ?? (state.showMeta && !metaShown ? "id/time column needs a wider tree (tab hides the pane)" : null)} />
      )}
      {layout.show.status && (
        <StatusLine
          facts={{
            ...session.facts,
            name: undefined,
            firstProblem,
            checking: props.checking,
            live: props.live && { following: followsLeaf(state), threshold: props.live.threshold, paused: props.live.paused },
          }}
          width={columns}
        />
      )}
    </Box>
  );
}
