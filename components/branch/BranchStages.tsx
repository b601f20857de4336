// The stages of the branch flow below the plan: pi's choice, the multi-line instructions editor, the
// no-write explanation, and the preview with the confirm step. Dumb views plus the confirm step.
import { Box, Text } from "ink";
import { formatCount, planBranchCommit } from "../../src/engine/index.js";
import { AppendRefused } from "../commit/AppendRefused.js";
import { appendRefusal } from "../commit/append-refusal.js";
import { CommitConfirm } from "../commit/CommitConfirm.js";
import { appClock, commitPending } from "../document/commit-to-file.js";
import { pendingCommitView } from "../commit/entry-preview.js";
import type { DiffModel } from "../diff/diff-model.js";
import { useProfile, useTheme } from "../kit/app-context.js";
import { BACK_ON_ESCAPE, modalFooter, useModalKeys } from "../kit/modal-keys.js";
import { useBackground } from "../kit/use-background.js";
import { MultilineEditor } from "../kit/multiline-editor/MultilineEditor.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { useSummarizerOffer } from "../summarizer/use-summarizer-offer.js";
import { flowFooter, instructionsFooter, NO_WRITE_BINDINGS } from "./branch-flow-keys.js";
import type { BranchFlowProps } from "./branch-flow-props.js";
import { BRANCH_CHOICES, type BranchFlowAction, type BranchFlowState } from "./branch-flow-state.js";
import { changedRowLines, contextChangeLines, type ContextChange } from "./context-change.js";

const CHOICE_HELP: Record<(typeof BRANCH_CHOICES)[number]["choice"], string> = {
  none: "pi only moves the leaf in memory; nothing is written to the file",
  summarize: "append a branch_summary entry at the new leaf (compiled here without an LLM)",
  instructions: "like Summarize, with your instructions kept as a [Focus] note on top",
};

export interface StageProps extends BranchFlowProps {
  state: BranchFlowState;
  openDiff: (model: DiffModel) => void;
  moveChange: ContextChange | undefined;
  dispatch: (action: BranchFlowAction) => void;
}

export function StageBody(props: StageProps) {
  const theme = useTheme();
  const { state } = props;
  switch (state.stage) {
    case "choose":
      return <ChooseStage cursor={state.cursor} />;
    case "instructions":
      return <InstructionsStage text={state.text} dispatch={props.dispatch} active={props.active} width={props.width} height={props.height} />;
    case "noSummary":
    case "nothingToSummarize":
      return props.moveChange ? (
        <NoWriteStage {...props} change={props.moveChange} nothingToSummarize={state.stage === "nothingToSummarize"} />
      ) : (
        <Text {...theme.muted} wrap="truncate">{"  Comparing the contexts…"}</Text>
      );
    case "preview": {
      // Said where the confirm step would be, before asking: a v1/v2 file is never appended to.
      const refusal = appendRefusal(props.document.tree.loaded.fileVersion);
      if (refusal !== null) {
        return <AppendRefused message={refusal} width={props.width} height={props.height} active={props.active} onBack={() => props.dispatch({ type: "back" })} />;
      }
      return <PreviewStage {...props} instructions={state.instructions} />;
    }
    case "closed":
      return null;
  }
}

function ChooseStage({ cursor }: { cursor: number }) {
  const theme = useTheme();
  return (
    <>
      <Text {...theme.title}>  Summarize branch?</Text>
      {BRANCH_CHOICES.map((c, i) => (
        <Text key={c.choice} {...(i === cursor ? theme.accent : theme.plain)} wrap="truncate">
          {`  ${i === cursor ? "›" : " "} ${c.label}`}
          <Text {...theme.muted}>{i === cursor ? `  — ${CHOICE_HELP[c.choice]}` : ""}</Text>
        </Text>
      ))}
      <Text {...theme.muted} wrap="truncate">{flowFooter("choose")}</Text>
    </>
  );
}

/** Rows of the instructions stage around the editor: its title, the note, the key hint. */
const INSTRUCTIONS_CHROME = 3;

function InstructionsStage({ text, dispatch, active, width, height }: { text: string; dispatch: StageProps["dispatch"]; active: boolean; width: number; height: number }) {
  const theme = useTheme();
  return (
    <>
      <Text {...theme.title}>  Custom summarization instructions</Text>
      <Text {...theme.muted} wrap="truncate">  There is no LLM here: the text is kept as a [Focus] note on top of the compiled summary.</Text>
      <MultilineEditor
        initialText={text}
        width={width}
        height={Math.max(1, height - INSTRUCTIONS_CHROME)}
        active={active}
        onSubmit={(typed) => dispatch({ type: "submitInstructions", text: typed })}
      />
      <Box flexGrow={1} />
      <Text {...theme.muted} wrap="truncate">{instructionsFooter()}</Text>
    </>
  );
}

function Lines({ lines, height }: { lines: string[]; height: number }) {
  const shown = lines.length > height ? [...lines.slice(0, height - 1), `  … ${lines.length - height + 1} more`] : lines;
  return (
    <>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </>
  );
}

function NoWriteStage(props: StageProps & { nothingToSummarize: boolean; change: ContextChange }) {
  const { change } = props;
  const why = props.nothingToSummarize
    ? "Nothing to summarize: the target is on the leaf's own path, so the abandoned branch is empty and pi writes no summary."
    : "No summary: pi moves the leaf in memory only. Nothing is written to the file, and the move is gone when the session is loaded again.";
  const lines = [
    `  ${why}`,
    "  pi-explorer writes nothing in this case; this is what the model would see after the move:",
    ...contextChangeLines(change).map((l) => `  ${l}`),
    ...changedRowLines(change),
  ];
  const theme = useTheme();
  return (
    <>
      <Lines lines={lines} height={props.height - 1} />
      <Box flexGrow={1} />
      <Text {...theme.muted} wrap="truncate">{flowFooter(props.nothingToSummarize ? "nothingToSummarize" : "noSummary")}</Text>
    </>
  );
}

function BackOnEscape({ message, onBack, active }: { message: string; onBack: () => void; active: boolean }) {
  const theme = useTheme();
  useModalKeys(BACK_ON_ESCAPE, onBack, active);
  return <Text {...theme.error} wrap="truncate">{`  ${sanitizeInline(message)}   ${modalFooter(BACK_ON_ESCAPE, { lead: "" })}`}</Text>;
}

/** Shown while the stage's work runs after the frame: Esc goes back at once (and cancels it). */
function Computing({ what, onBack, active }: { what: string; onBack: () => void; active: boolean }) {
  const theme = useTheme();
  useModalKeys(BACK_ON_ESCAPE, onBack, active);
  return <Text {...theme.muted} wrap="truncate">{`  ${what}…   ${modalFooter(BACK_ON_ESCAPE, { lead: "" })}`}</Text>;
}

/** The preview's own key before the confirm step's: d opens the full context diff. */
const DIFF_KEY = NO_WRITE_BINDINGS.filter((b) => b.run.type === "fullDiff");

function PreviewStage(props: StageProps & { instructions: string | undefined }) {
  const { document, plan, instructions } = props;
  const profile = useProfile();
  // The summary is compiled and the context after built after the frame, once per (leaf, target,
  // profile, budget, instructions): going back and forth between the stages recomputes nothing.
  const key = `branchPreview\u0000${plan.oldLeafId}\u0000${plan.targetId}\u0000${profile}\u0000${props.budget}\u0000${instructions ?? "\u0001"}`;
  const computed = useBackground(document.tree, key, function* () {
    yield;
    const commitPlan = planBranchCommit(document.tree, { profile, targetId: plan.targetId, oldLeafId: plan.oldLeafId, budget: props.budget, instructions }, appClock());
    if (commitPlan.kind === "none") return { reason: commitPlan.reason, view: undefined };
    yield;
    const { change, head, lines } = pendingCommitView(document, commitPlan.path, commitPlan.pending, profile, "Context now → after the branch summary");
    const summaryTokens = change.diff.rows.find((r) => r.after?.id === commitPlan.entry.id)?.after?.tokens ?? 0;
    const first = `  Summary: ~${formatCount(summaryTokens)} tokens, compiled without an LLM (pi's model would word it differently)`;
    return { reason: "", view: { head: [first, ...head], lines, change, pending: commitPlan.pending } };
  });
  const offer = useSummarizerOffer({ offer: props.offerPiSummary === true, file: document.path, tree: document.tree, leafId: plan.oldLeafId, profile, width: props.width, height: props.height, active: props.active, onCommitted: props.onCommitted });
  const view = computed.value?.view;
  const piPanel = view === undefined ? null : offer.panel(document, { kind: "branch", plan, reserveTokens: props.reserveTokens, instructions });
  if (piPanel) return piPanel;
  if (computed.value === undefined) return <Computing what="Compiling the branch summary" onBack={() => props.dispatch({ type: "back" })} active={props.active} />;
  const { reason } = computed.value;
  if (view === undefined) {
    return <BackOnEscape message={reason} onBack={() => props.dispatch({ type: "back" })} active={props.active} />;
  }
  return (
    <CommitConfirm
      head={offer.head(view.head)}
      lines={offer.lines(view.lines)}
      width={props.width}
      height={props.height}
      active={props.active}
      commit={() => commitPending(document, view.pending, profile, "branch_summary")}
      onCommitted={props.onCommitted}
      onCancel={() => props.dispatch({ type: "back" })}
      keys={[...DIFF_KEY.map((b) => ({ ...b, run: () => props.openDiff(view.change) })), ...offer.keys]}
    />
  );
}
