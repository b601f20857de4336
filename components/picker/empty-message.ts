// What the list says when it has no rows, as pi's /resume words it, plus the demo offer.
import { hasNoSessionsAnywhere, isLoadingAll, type PickerState } from "./picker-state.js";

export function emptyMessage(state: PickerState): string {
  if (isLoadingAll(state)) {
    const progress = state.allProgress;
    // Short enough that the count shows in 40 columns.
    return progress ? `  Loading all projects… ${progress.done}/${progress.total} files` : "  Loading sessions of all projects…";
  }
  if (hasNoSessionsAnywhere(state)) {
    return state.demoPath
      ? "  No pi sessions found. Enter: open the demo session · Esc: quit"
      : "  No pi sessions found (and the bundled demo session is missing).";
  }
  if (state.query.trim()) return "  No sessions match the search.";
  if (state.nameFilter === "named") {
    return state.scope === "all"
      ? "  No named sessions found. Press Ctrl+N to show all."
      : "  No named sessions in current folder. Press Ctrl+N to show all, or Tab to view all.";
  }
  if (state.scope === "all") return "  No sessions found";
  return "  No sessions in current folder. Press Tab to view all.";
}
