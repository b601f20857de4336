// The branch-navigation flow as a pure reducer: pi's "Summarize branch?" picker (No summary /
// Summarize / Summarize with custom prompt), the instructions editor, and the preview before a write.
// Back-outs follow pi: Esc in the editor returns to the picker, Esc on the picker closes the flow.

export const BRANCH_CHOICES = [
  { choice: "none", label: "No summary" },
  { choice: "summarize", label: "Summarize" },
  { choice: "instructions", label: "Summarize with custom prompt" },
] as const;

export type BranchChoice = (typeof BRANCH_CHOICES)[number]["choice"];

export type BranchFlowState =
  /** The plan and pi's three-way choice; `cursor` indexes BRANCH_CHOICES. */
  | { stage: "choose"; cursor: number }
  /** Typing extra instructions for the summary (multi-line; the editor keeps its own cursor). */
  | { stage: "instructions"; text: string }
  /** "No summary": pi moves the leaf in memory only; nothing is written. */
  | { stage: "noSummary" }
  /** The summary and the resulting context, waiting for y / Esc. */
  | { stage: "preview"; instructions: string | undefined }
  /** The abandoned branch is empty (target on the leaf's own path): pi writes nothing, so there is nothing to ask. */
  | { stage: "nothingToSummarize" }
  | { stage: "closed" };

export type BranchFlowAction =
  | { type: "move"; delta: 1 | -1 }
  | { type: "choose" }
  /** `text`: the editor's text as typed (multi-line). */
  | { type: "submitInstructions"; text: string }
  | { type: "back" };

/** Where the flow starts: pi asks even when nothing would be summarized; we say so instead of asking. */
export const initBranchFlow = (wouldSummarize: boolean): BranchFlowState =>
  wouldSummarize ? { stage: "choose", cursor: 0 } : { stage: "nothingToSummarize" };

const cursorOf = (choice: BranchChoice): number => BRANCH_CHOICES.findIndex((c) => c.choice === choice);

function choose(cursor: number): BranchFlowState {
  switch (BRANCH_CHOICES[cursor].choice) {
    case "none":
      return { stage: "noSummary" };
    case "summarize":
      return { stage: "preview", instructions: undefined };
    case "instructions":
      return { stage: "instructions", text: "" };
  }
}

function back(s: BranchFlowState): BranchFlowState {
  switch (s.stage) {
    case "choose":
    case "nothingToSummarize":
    case "closed":
      return { stage: "closed" };
    case "instructions":
      return { stage: "choose", cursor: cursorOf("instructions") };
    case "noSummary":
      return { stage: "choose", cursor: cursorOf("none") };
    case "preview":
      return s.instructions === undefined
        ? { stage: "choose", cursor: cursorOf("summarize") }
        : { stage: "instructions", text: s.instructions };
  }
}

export function branchFlowReducer(s: BranchFlowState, action: BranchFlowAction): BranchFlowState {
  switch (action.type) {
    case "move":
      if (s.stage !== "choose") return s;
      return { stage: "choose", cursor: (s.cursor + action.delta + BRANCH_CHOICES.length) % BRANCH_CHOICES.length };
    case "choose":
      return s.stage === "choose" ? choose(s.cursor) : s;
    case "submitInstructions": {
      if (s.stage !== "instructions") return s;
      // pi trims the editor's text as a whole; the lines inside stay as typed.
      const text = action.text.trim();
      return { stage: "preview", instructions: text === "" ? undefined : text };
    }
    case "back":
      return back(s);
  }
}
