// Carries out the branch flow's key tables (branch-flow-keys.ts). The flow is modal (overlay layer,
// every key swallowed) except in the preview, where CommitConfirm owns the keys (y / Esc), and in the
// instructions editor, which takes every key but Esc, Ctrl+C and PgUp/PgDn (handled here).
import type { Dispatch } from "react";
import { useKeyLayer } from "../kit/key-router.js";
import { branchFlowKeyCommand, type BranchFlowCommand } from "./branch-flow-keys.js";
import type { BranchFlowAction, BranchFlowState } from "./branch-flow-state.js";

const PLAN_PAGE = 3;

export function useBranchFlowInput(
  state: BranchFlowState,
  dispatch: Dispatch<BranchFlowAction>,
  enabled: boolean,
  /** d on a stage that only shows a change: open the full side-by-side diff. */
  onFullDiff: () => void,
  /** PgUp/PgDn: scroll the plan when it does not fit above the stage. */
  onScrollPlan: (delta: number) => void,
): void {
  useKeyLayer(
    "overlay",
    (key) => {
      const command = branchFlowKeyCommand(key, state.stage);
      // The editor (same layer) takes every other key, Enter included; leave them to it.
      if (command === null) return state.stage !== "instructions";
      run(command, state, dispatch, onFullDiff, onScrollPlan);
      return true;
    },
    enabled && state.stage !== "preview" && state.stage !== "closed",
  );
}

function run(command: BranchFlowCommand, state: BranchFlowState, dispatch: Dispatch<BranchFlowAction>, onFullDiff: () => void, onScrollPlan: (delta: number) => void): void {
  switch (command.type) {
    case "move":
    case "choose":
    case "back":
      dispatch(command);
      break;
    case "close":
      // Nothing to summarize closes with one step back; No summary first returns to the choice.
      dispatch({ type: "back" });
      if (state.stage === "noSummary") dispatch({ type: "back" });
      break;
    case "fullDiff":
      onFullDiff();
      break;
    case "scrollPlan":
      onScrollPlan(command.direction * PLAN_PAGE);
      break;
  }
}
