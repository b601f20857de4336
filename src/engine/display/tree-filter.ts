// Which entries pi's /tree lists under each filter (tree-selector applyFilter, without the search):
// the app's tree and the CLI's `tree` text both ask here, so they never list different rows.
import type { SessionEntry } from "../types.js";
import { hasTextContent } from "./tree-row-text.js";

export type TreeFilterMode = "default" | "no-tools" | "user-only" | "labeled-only" | "all";
/** In the order pi's filter keys cycle through them. */
export const TREE_FILTER_MODES: readonly TreeFilterMode[] = ["default", "no-tools", "user-only", "labeled-only", "all"];

/** Bookkeeping entries the default view hides. */
const SETTINGS_TYPES = new Set(["label", "context_edit", "custom", "model_change", "thinking_level_change", "session_info"]);

/** A label, name, model or thinking-level change, ...: an entry pi's default /tree view hides. */
export const isBookkeepingEntry = (entry: SessionEntry): boolean => SETTINGS_TYPES.has(entry.type);

export interface TreeFilterContext {
  mode: TreeFilterMode;
  /** pi's current leaf: always shown, even as a tool-call-only turn. */
  leafId: string | null;
  /** Whether the entry carries a label (for "labeled-only"). */
  labeled: boolean;
}

export function passesTreeFilter(entry: SessionEntry, context: TreeFilterContext): boolean {
  if (entry.type === "usage") return false;
  const message = entry.type === "message" ? ((entry as { message?: Record<string, unknown> }).message ?? undefined) : undefined;
  const role = message?.role;
  // Tool-call-only assistant turns are hidden unless they ended in an error or were aborted.
  if (message && role === "assistant" && entry.id !== context.leafId) {
    const stop = message.stopReason;
    const errorOrAborted = Boolean(stop) && stop !== "stop" && stop !== "toolUse";
    if (!hasTextContent(message.content) && !errorOrAborted) return false;
  }
  const isSettings = SETTINGS_TYPES.has(entry.type);
  switch (context.mode) {
    case "user-only":
      return role === "user";
    case "no-tools":
      return !isSettings && role !== "toolResult";
    case "labeled-only":
      return context.labeled;
    case "all":
      return true;
    default:
      return !isSettings;
  }
}
