// A summary by the user's own pi, in the app: while the model works a spinner, the elapsed time and
// the model (Esc cancels the request, nothing is written); then the result for review with its size,
// usage and cost, and the confirm step (y writes pi's own entry through the guarded append, Esc drops
// it). Every failure is one line, and the file stays as it was.
import { useMemo } from "react";
import { Box, Text } from "ink";
import { getBranch, resolveAgentDir, type CompactionSettings, type PiProfile, type SessionEntry } from "../../src/engine/index.js";
import type { FoundPi } from "../../src/pi-bridge/find-pi.js";
import { branchPreview, compactionPreview } from "../../src/pi-bridge/previews.js";
import type { PiSummaryRequest } from "../../src/pi-bridge/run-pi-summary.js";
import { summaryFigures } from "../../src/pi-bridge/summary-figures.js";
import type { AppEnv } from "../kit/screen-contract.js";
import type { NavigationPlan } from "../branch/plan-lines.js";
import { CommitConfirm } from "../commit/CommitConfirm.js";
import { commitPending } from "../document/commit-to-file.js";
import type { Committed, SessionDocument } from "../document/session-document.js";
import { pendingCommitView } from "../commit/entry-preview.js";
import { modalFooter, useModalKeys } from "../kit/modal-keys.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { ModelPicker } from "./ModelPicker.js";
import { workingLine } from "./pi-summary-state.js";
import { usePiSummary } from "./use-pi-summary.js";
import { runningPiLines, useRunningPi } from "./use-running-pi.js";
import { useAppEnv, useTheme } from "../kit/app-context.js";
import { PI_FAILURE_BINDINGS, PI_RUNNING_BINDINGS } from "./summarizer-offer.js";

export type PiSummaryJob =
  /** pi's /compact at `leafId` with the preview's settings. */
  | { kind: "compact"; leafId: string | null; settings: CompactionSettings; instructions?: string }
  /** pi's /tree move with a summary, as the branch flow planned it. */
  | { kind: "branch"; plan: NavigationPlan; reserveTokens: number; instructions?: string };

export interface PiSummaryPanelProps {
  document: SessionDocument;
  profile: PiProfile;
  pi: FoundPi;
  job: PiSummaryJob;
  /** The model the session names at the leaf, shown until pi says which one it uses. */
  modelHint?: string;
  /** Let the user pick another model pi can reach before it summarizes. */
  pickModel?: boolean;
  width: number;
  height: number;
  active: boolean;
  /** Back to the step that offered pi's summary; nothing was written. */
  onBack: () => void;
  onCommitted: (committed: Committed) => void;
}

export function PiSummaryPanel(props: PiSummaryPanelProps) {
  if (props.pi.profile !== props.profile) {
    const message = `your pi is ${props.pi.version}, but the explorer shows what pi ${props.profile} does; start it with --pi ${props.pi.profile} to use your pi's summary`;
    return <Failure message={message} width={props.width} height={props.height} active={props.active} onBack={props.onBack} />;
  }
  return <PiSummaryRunView {...props} />;
}

function requestOf(props: PiSummaryPanelProps, env: AppEnv): Omit<PiSummaryRequest, "signal" | "onStage"> {
  const { document, profile, pi, job } = props;
  const common = { pi, file: document.path, agentDir: resolveAgentDir(env.env, env.home, profile), env: { HOME: env.home, ...env.env } };
  if (job.kind === "compact") {
    const settings = { keepRecentTokens: job.settings.keepRecentTokens, reserveTokens: job.settings.reserveTokens };
    return {
      ...common,
      leafId: job.leafId,
      operation: { kind: "compact", instructions: job.instructions },
      // The preview's settings (keys may have changed them) are pi's for this run.
      settings: { compaction: settings },
      preview: compactionPreview({ path: getBranch(document.tree, job.leafId), profile, settingsFor: () => settings }),
    };
  }
  const { plan } = job;
  return {
    ...common,
    leafId: plan.oldLeafId,
    operation: { kind: "branch", targetId: plan.targetId, instructions: job.instructions },
    preview: branchPreview({ byId: document.tree.byId, oldLeafId: plan.oldLeafId, targetId: plan.targetId, profile, reserveTokens: job.reserveTokens }),
  };
}

function PiSummaryRunView(props: PiSummaryPanelProps) {
  const theme = useTheme();
  // pi runs where the app runs (its agent dir, HOME and environment): the app context.
  const env = useAppEnv();
  const request = useMemo(() => requestOf(props, env), [props, env]);
  const run = usePiSummary(request, props.pickModel);
  const { state } = run;
  const running = state.stage === "starting" || state.stage === "working";
  useModalKeys(PI_RUNNING_BINDINGS, run.cancel, props.active && running && run.choosing === null);
  if (run.choosing && running) {
    return <ModelPicker ready={run.choosing} width={props.width} height={props.height} active={props.active} onPick={run.pick} onCancel={run.cancel} />;
  }
  if (state.stage === "failed") {
    return <Failure message={state.message} differences={state.differences} width={props.width} height={props.height} active={props.active} onBack={props.onBack} />;
  }
  if (state.stage === "done") return <Review {...props} entry={state.entry} figures={summaryFigures(state.entry, state.ready, state.elapsedMs).text} />;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text {...theme.accent} wrap="truncate">
        {workingLine(state, run.nowMs, props.modelHint)}
      </Text>
      <Box flexGrow={1} />
      <Text {...theme.muted} wrap="truncate">{modalFooter(PI_RUNNING_BINDINGS, { keysEnd: ": " })}</Text>
    </Box>
  );
}

function Review(props: PiSummaryPanelProps & { entry: SessionEntry; figures: readonly string[] }) {
  const { document, profile, job, entry } = props;
  const cwd = document.tree.loaded.header?.cwd;
  const running = useRunningPi(document.path, typeof cwd === "string" ? cwd : undefined);
  const view = useMemo(() => {
    const attach = job.kind === "compact" ? job.leafId : job.plan.newLeafId;
    const path = attach === null ? [] : getBranch(document.tree, attach);
    const pending = { entries: [entry], newLeafId: entry.id };
    const title = job.kind === "compact" ? "Context now → after pi's compaction" : "Context now → after pi's branch summary";
    return { pending, ...pendingCommitView(document, path, pending, profile, title) };
  }, [document, profile, job, entry]);
  return (
    <CommitConfirm
      head={[...props.figures.map((line) => `  ${sanitizeInline(line)}`), ...runningPiLines(running), ...view.head]}
      lines={view.lines}
      width={props.width}
      height={props.height}
      active={props.active}
      commit={() => commitPending(document, view.pending, profile, entry.type)}
      onCommitted={props.onCommitted}
      onCancel={props.onBack}
    />
  );
}

function Failure(props: { message: string; differences?: { field: string; preview: string; pi: string }[]; width: number; height: number; active: boolean; onBack: () => void }) {
  useModalKeys(PI_FAILURE_BINDINGS, props.onBack, props.active);
  const width = Math.max(10, props.width - 4);
  const lines = wrapText(`Not written: ${sanitizeInline(props.message)}`, width);
  const rows = (props.differences ?? []).map((d) => `    ${sanitizeInline(d.field)}: preview ${sanitizeInline(d.preview)} | pi ${sanitizeInline(d.pi)}`);
  const shown = [...lines, ...(rows.length > 0 ? ["  field: preview | pi", ...rows] : [])].slice(0, Math.max(1, props.height - 2));
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      {shown.map((line, i) => (
        <Text key={i} {...(i < lines.length ? theme.error : theme.plain)} wrap="truncate">
          {i < lines.length ? `  ${line}` : line}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text {...theme.muted}>{modalFooter(PI_FAILURE_BINDINGS, { keysEnd: ": ", lead: "  The file was left as it was. " })}</Text>
    </Box>
  );
}
