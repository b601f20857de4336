// The compaction preview: the active path to an entry in three bands (summarized history, the turn
// prefix of a split turn, the kept tail) with the cut marked and explained; tokens before and after;
// pi's auto-compact verdict; warnings pi gives no sign of; the settings in force, adjustable with keys.
// Panes on top of the bands: the summary that would be written, and the before/after context diffs.
import { useMemo, useReducer, useState } from "react";
import { Box, Text } from "ink";
import type { CompactionSettings, FileSnapshot, PiProfile, SessionTree } from "../../src/engine/index.js";
import { AppendRefused } from "../commit/AppendRefused.js";
import { CompactionCommitScreen } from "../commit/CompactionCommit.js";
import type { Committed } from "../document/session-document.js";
import type { HelpGroupId } from "../kit/screen-contract.js";
import { useAppEnv, useScreenSize, useTheme } from "../kit/app-context.js";
import { Cells } from "../kit/Cells.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";
import { ContextDiffView } from "../diff/ContextDiffView.js";
import { followCutTop } from "./band-lines.js";
import { notAtLeafMessage } from "./not-at-leaf.js";
import { BandsPane } from "./BandsPane.js";
import { initPreviewState, previewReducer } from "./preview-reducer.js";
import type { SettingName } from "./setting-name.js";
import { SettingPrompt } from "./SettingPrompt.js";
import { autoCompactLine, settingsLine, tokensLine, warningLines, whyLines } from "./preview-lines.js";
import { previewBackHint, previewFooter, previewPassedHint } from "./preview-keys.js";
import { SummaryPane, summaryLines } from "./SummaryPane.js";
import { useBranchDiff, useCompactionDiff, useCompactionPreview } from "./use-compaction-preview.js";
import { usePreviewInput } from "./use-preview-input.js";

export interface CompactionPreviewScreenProps {
  tree: SessionTree;
  /** The entry to compact at (the leaf of the previewed path); null = the session's leaf. */
  targetId: string | null;
  /** The session file: the title, and where `w` writes. */
  file: string;
  /** How the file looked when `tree` was read; `w` refuses to write when it changed since. */
  snapshot?: FileSnapshot;
  active: boolean;
  onBack: () => void;
  onHelp: (group: HelpGroupId) => void;
  /** After `w` wrote the compaction (screens showing the file have re-read it already). */
  onWritten?: (committed: Committed) => void;
}

/**
 * What `w` captured from the preview: the write commits at the previewed entry with the settings and
 * profile the user tuned, captured when `w` was pressed so the plan cannot shift under the confirm step.
 */
interface WriteRequest {
  leafId: string | null;
  profile: PiProfile;
  settings: CompactionSettings;
}

const MAX_WHY_LINES = 3;
const MAX_WARNING_LINES = 6;
const MIN_PANE = 3;

export function CompactionPreviewScreen(props: CompactionPreviewScreenProps) {
  const { tree } = props;
  // The area it draws in, where the app runs (pi's settings), the release it starts at: the app context.
  const { columns, rows } = useScreenSize();
  const env = useAppEnv();
  const theme = useTheme();
  const targetId = props.targetId ?? tree.leafId;
  const [state, dispatch] = useReducer(previewReducer, env.profile, initPreviewState);
  const [writing, setWriting] = useState<WriteRequest | null>(null);
  // K / R / W: the setting being typed as a number, with what was typed in the same read.
  const [typing, setTyping] = useState<{ setting: SettingName; initial: string } | null>(null);
  const data = useCompactionPreview(tree, targetId, env, state);
  const { preview } = data;
  const width = Math.max(20, columns - 1);

  // Fixed lines: title, settings, tokens, auto-compact, footer; the pane keeps at least MIN_PANE.
  const spare = Math.max(0, rows - 1 - 5 - MIN_PANE);
  // The explanation may take up to half the spare rows (at least three lines when they are there).
  const why = preview ? whyLines(preview, width, Math.min(spare, Math.max(MAX_WHY_LINES, Math.floor(spare / 2)))) : [];
  const warnings = preview ? warningLines(preview, data.problems, width) : [];
  const shownWarnings = warnings.slice(0, Math.min(MAX_WARNING_LINES, spare - why.length));
  const headerLines = 4 + why.length + shownWarnings.length;
  const paneHeight = Math.max(MIN_PANE, rows - 1 - headerLines - 1);
  const listHeight = paneHeight - 1;

  const summary = useMemo(() => summaryLines(preview?.outcome?.summary.text, width), [preview?.outcome, width]);
  const compactionDiff = useCompactionDiff(tree, preview, state.pane === "diff");
  const branchDiff = useBranchDiff(tree, targetId, state.profile, state.pane === "branchDiff");
  const shownDiff = state.pane === "diff" ? compactionDiff : state.pane === "branchDiff" ? branchDiff : undefined;
  const diffModel = shownDiff?.model;

  const inForce = data.settings;
  const onWrite = () => {
    if (inForce) setWriting({ leafId: targetId, profile: state.profile, settings: { enabled: true, keepRecentTokens: inForce.keepRecentTokens.value, reserveTokens: inForce.reserveTokens.value } });
  };
  usePreviewInput(
    { state, dispatch, piValues: data.piValues, bandList: data.bandList, listHeight, summaryLines: summary, onBack: props.onBack, onHelp: props.onHelp, onWrite, onTypeSetting: (setting, initial) => {
      // Only over the bands and the summary, where the prompt line is drawn (a diff takes the screen).
      if (!diffModel && inForce) setTyping({ setting, initial });
    } },
    props.active && writing === null && typing === null,
  );

  const notAtLeaf = writing ? notAtLeafMessage(tree, writing.leafId) : null;
  if (writing && notAtLeaf !== null) {
    return (
      <Box flexDirection="column" width={columns} height={rows - 1}>
        <Text {...theme.title} wrap="truncate">
          {"  Write this compaction?"}
          <Text {...theme.muted}>{`  ${sanitizeInline(props.file)}`}</Text>
        </Text>
        <AppendRefused message={notAtLeaf} width={columns} height={rows - 2} active={props.active} onBack={() => setWriting(null)} />
      </Box>
    );
  }
  if (writing) {
    return (
      <CompactionCommitScreen
        title={`  Write this compaction (profile ${writing.profile})`}
        file={props.file}
        tree={tree}
        snapshot={props.snapshot}
        profile={writing.profile}
        leafId={writing.leafId}
        settings={writing.settings}
        width={columns}
        height={rows - 1}
        active={props.active}
        onCancel={() => setWriting(null)}
        onCommitted={(committed) => (setWriting(null), props.onWritten?.(committed))}
        offerPiSummary
      />
    );
  }

  const top = state.bandsScroll ?? followCutTop(data.bandList, listHeight);
  // Where the preview stands comes before the path, which gives way first on a narrow screen.
  const title = `  Compaction preview at ${sanitizeInline(targetId ?? "(empty)")}${targetId === tree.leafId ? " (pi's leaf)" : " (not pi's leaf)"}  ${sanitizeInline(props.file)}`;
  const diffUnavailable =
    (state.pane !== "bands" && data.outcomePending && state.pane !== "branchDiff" && "Compiling the summary for this cut…") ||
    (shownDiff?.pending && "Comparing the contexts…") ||
    (state.pane === "diff" && !diffModel && "pi would not compact here, so there is no after-context to compare.") ||
    (state.pane === "branchDiff" && !diffModel && "The selected entry is the session's leaf: moving there changes nothing. Pick another entry in the tree.");

  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text {...theme.title}>{truncateToWidth(title, columns)}</Text>
      {inForce ? <Cells cells={settingsLine(inForce, state.profile, width)} /> : <Text {...theme.muted}>{"  Reading your pi settings…"}</Text>}
      {preview ? <Cells cells={tokensLine(preview, data.outcomePending)} /> : <Text {...theme.muted}>{`  Computing the plan… (${previewBackHint("back")})`}</Text>}
      {!preview ? null : diffModel ? (
        <ContextDiffView
          key={state.pane}
          model={diffModel}
          width={width}
          height={rows - 1 - 3}
          active={props.active}
          onClose={() => dispatch({ type: "showPane", pane: "bands" })}
          passedKeysHint={previewPassedHint()}
        />
      ) : (
        <>
          <Cells cells={data.planPending ? [...autoCompactLine(preview), { text: "  (updating…)", tone: "muted" }] : autoCompactLine(preview)} />
          {why.map((cells, i) => (
            <Cells key={`why${i}`} cells={cells} />
          ))}
          {shownWarnings.map((cells, i) => (
            <Cells key={`warn${i}`} cells={cells} />
          ))}
          {diffUnavailable ? (
            <Box height={paneHeight} flexDirection="column">
              <Text {...theme.warning} wrap="truncate">{`  ${diffUnavailable}`}</Text>
              <Text {...theme.muted}>{`  ${previewBackHint("back to the bands", ": ")}`}</Text>
            </Box>
          ) : state.pane === "summary" ? (
            <SummaryPane lines={summary} tokens={preview.outcome?.summary.tokens} scroll={Math.min(state.summaryScroll, Math.max(0, summary.extent(state.summaryScroll + listHeight) - listHeight))} height={paneHeight} />
          ) : (
            <BandsPane list={data.bandList} path={data.path} top={top} height={paneHeight} width={width} />
          )}
          {typing && inForce ? (
            <SettingPrompt
              setting={typing.setting}
              current={inForce[typing.setting].value}
              initial={typing.initial}
              width={width}
              active={props.active}
              onSet={(value) => (dispatch({ type: "setSetting", setting: typing.setting, value }), setTyping(null))}
              onCancel={() => setTyping(null)}
            />
          ) : (
            <Text {...theme.muted} wrap="truncate">
              {previewFooter({ settingsRead: inForce !== undefined }, columns)}
            </Text>
          )}
        </>
      )}
    </Box>
  );
}
