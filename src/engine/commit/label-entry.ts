import type { LabelEntry } from "../types.js";
import { stampEntry, type EntryContext } from "./new-entry.js";

export interface LabelEntryInput extends EntryContext {
  /** The leaf the label entry is appended to (labels are tree nodes and become the leaf). */
  leafId: string | null;
  targetId: string;
  /** The new label; undefined clears it (no `label` key, as appendLabelChange(id, undefined)). */
  label: string | undefined;
}

/** pi's /tree label editor: the text trimmed, and an empty result clears the label. */
export const labelFromInput = (text: string | undefined): string | undefined => text?.trim() || undefined;

/** pi's appendLabelChange entry. Throws pi's own message when the target is not in the session. */
export function buildLabelEntry(input: LabelEntryInput): LabelEntry {
  if (!input.takenIds.has(input.targetId)) throw new Error(`Entry ${input.targetId} not found`);
  const { id, timestamp } = stampEntry(input);
  const entry: LabelEntry = { type: "label", id, parentId: input.leafId, timestamp, targetId: input.targetId };
  if (input.label !== undefined) entry.label = input.label;
  return entry;
}
