// Keys of the branch flow. The flow is modal (overlay layer, every key swallowed) except in the
// preview, where CommitConfirm owns the keys (y / Esc).
import type { Dispatch } from "react";
import { useKeyLayer } from "../kit/key-router.js";
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
      if (key.name === "escape" || (key.name === "ctrl+c" && state.stage !== "instructions")) {
        dispatch({ type: "back" });
        return true;
      }
      if (key.name === "pageup" || key.name === "pagedown") {
        onScrollPlan(key.name === "pageup" ? -PLAN_PAGE : PLAN_PAGE);
        return true;
      }
      switch (state.stage) {
        case "choose":
          if (key.name === "up") dispatch({ type: "move", delta: -1 });
          else if (key.name === "down") dispatch({ type: "move", delta: 1 });
          else if (key.name === "enter") dispatch({ type: "choose" });
          break;
        case "noSummary":
        case "nothingToSummarize":
          // Both only inform: Enter closes like Esc would from the picker.
          if (key.name === "d") onFullDiff();
          else if (key.name === "enter") {
            dispatch({ type: "back" });
            if (state.stage === "noSummary") dispatch({ type: "back" });
          }
          break;
        default:
          // Instructions: the text input reads the keys itself (Enter submits through it).
          break;
      }
      return true;
    },
    enabled && state.stage !== "preview" && state.stage !== "closed",
  );
}
