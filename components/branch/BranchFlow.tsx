// pi's /tree Enter, made visible: the plan (ancestor, what gets summarized, what the budget drops),
// the three-way choice, optional instructions, the compiled summary with its size and the resulting
// context, then a confirmed append through the engine's guarded commit.
import { useEffect, useMemo, useReducer, useState } from "react";
import { Box, Text } from "ink";
import { getBranch, type PiProfile } from "../../src/engine/index.js";
import { useProfile, useTheme } from "../kit/app-context.js";
import type { SessionDocument } from "../document/session-document.js";
import { ContextDiffView } from "../diff/ContextDiffView.js";
import type { DiffModel } from "../diff/diff-model.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";
import { useBackground } from "../kit/use-background.js";
import { planScrollKeys } from "./branch-flow-keys.js";
import { branchFlowReducer, initBranchFlow } from "./branch-flow-state.js";
import { StageBody } from "./BranchStages.js";
import { contextChange, type ContextChange } from "./context-change.js";
import { fitPlan, FULL_DIFF_MIN_ROWS, STAGE_MIN_ROWS } from "./plan-fit.js";
import { planLines, type NavigationPlan } from "./plan-lines.js";
import { useBranchFlowInput } from "./use-branch-flow-input.js";
import type { BranchFlowProps } from "./branch-flow-props.js";

export type { BranchFlowProps } from "./branch-flow-props.js";


export function BranchFlow(props: BranchFlowProps) {
  const { plan, document, width, height } = props;
  const profile = useProfile();
  const theme = useTheme();
  const tree = document.tree;
  const [state, dispatch] = useReducer(branchFlowReducer, plan.wouldSummarize, initBranchFlow);
  // The full side-by-side context diff (components/diff), opened with d from a stage that shows a change.
  const [fullDiff, setFullDiff] = useState<DiffModel | null>(null);
  const writesNothing = state.stage === "noSummary" || state.stage === "nothingToSummarize";
  // The context after a move that writes nothing, built after the frame and kept per (leaf, new leaf, profile).
  const moveKey = writesNothing ? `moveChange\u0000${tree.leafId}\u0000${plan.newLeafId}\u0000${profile}` : null;
  const moveChange = useBackground(tree, moveKey, function* () {
    yield;
    return moveOnlyChange(document, plan, profile);
  }).value;
  const [planScroll, setPlanScroll] = useState(0);
  useBranchFlowInput(state, dispatch, props.active && fullDiff === null, () => moveChange && setFullDiff(moveChange), (delta) =>
    setPlanScroll((s) => Math.max(0, Math.min(s + delta, fit.maxScroll))),
  );
  const { onClose } = props;
  useEffect(() => {
    if (state.stage === "closed") onClose();
  }, [state.stage, onClose]);

  const { budget, skipPrompt } = props;
  const header = useMemo(() => {
    const lines = planLines(plan, tree, budget);
    if (skipPrompt) lines.push("Setting    branchSummary.skipPrompt is on: pi itself would not ask and would write no summary");
    return lines;
  }, [plan, tree, budget, skipPrompt]);
  // The preview and the full diff own PgUp/PgDn; elsewhere they scroll the plan.
  const planKeysFree = fullDiff === null && state.stage !== "preview";
  const fit = fitPlan(header, height, fullDiff !== null ? FULL_DIFF_MIN_ROWS : STAGE_MIN_ROWS[state.stage], planScroll, planKeysFree ? planScrollKeys() : "");
  const bodyHeight = fit.bodyHeight;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...theme.title} wrap="truncate">
        {"  Branch navigation"}
        <Text {...theme.muted}>{`  ${sanitizeInline(document.path)}`}</Text>
      </Text>
      {fit.lines.map((line, i) => (
        <Text key={fit.scroll + i} wrap="truncate" {...(i === fit.lines.length - 1 && fit.maxScroll > 0 ? theme.muted : theme.plain)}>{truncateToWidth(`  ${line}`, width)}</Text>
      ))}
      {fit.spacer && <Text> </Text>}
      <Box flexDirection="column" height={bodyHeight} overflow="hidden" display={fullDiff ? "none" : "flex"}>
        <StageBody {...props} active={props.active && fullDiff === null} state={state} dispatch={dispatch} height={bodyHeight} openDiff={setFullDiff} moveChange={moveChange} />
      </Box>
      {fullDiff && <ContextDiffView model={fullDiff} width={width} height={bodyHeight} active={props.active} onClose={() => setFullDiff(null)} />}
    </Box>
  );
}

/** The context after a move that writes nothing: the leaf is simply the new leaf. */
const moveOnlyChange = (document: SessionDocument, plan: NavigationPlan, profile: PiProfile): ContextChange =>
  contextChange(document.tree, plan.newLeafId === null ? [] : getBranch(document.tree, plan.newLeafId), profile, "Context now → after the move (nothing written)");
