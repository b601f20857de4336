// What the branch flow is given: its own module, so the flow and its stages (BranchStages.tsx) both
// import it without importing each other.
import type { Committed, SessionDocument } from "../document/session-document.js";
import type { NavigationPlan } from "./plan-lines.js";

export interface BranchFlowProps {
  document: SessionDocument;
  plan: NavigationPlan;
  /** pi's summarizer budget the plan was made with (window − branchSummary.reserveTokens). */
  budget: number;
  /** branchSummary.reserveTokens: the budget of pi's own summary is its model's window minus this. */
  reserveTokens: number;
  /** branchSummary.skipPrompt is on: pi would neither ask nor summarize. */
  skipPrompt?: boolean;
  width: number;
  /** Rows the flow may use (the screen's rows - 1). */
  height: number;
  active: boolean;
  onClose: () => void;
  onCommitted: (committed: Committed) => void;
  /** The preview also offers the summary of the user's own pi (`p`), found where the app runs. */
  offerPiSummary?: boolean;
}
