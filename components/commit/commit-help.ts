// Keys of the writing flows (branch navigation, label editor, confirm step), for the help overlay.
// Kept next to the hooks that implement them (use-branch-flow-input.ts, LabelEditor.tsx, CommitConfirm.tsx).

export interface HelpItem {
  keys: string;
  help: string;
}

export const BRANCH_FLOW_HELP: HelpItem[] = [
  { keys: "up / down", help: "choose: No summary / Summarize / Summarize with custom prompt" },
  { keys: "enter", help: "select; in the instructions editor: preview the summary" },
  { keys: "escape", help: "one step back (editor → choice → tree); nothing is written" },
];

export const LABEL_EDITOR_HELP: HelpItem[] = [
  { keys: "text", help: "the label (pre-filled with the current one); empty removes it" },
  { keys: "enter", help: "save: shows the label entry, then asks" },
  { keys: "escape", help: "cancel (from the confirm step: back to the text)" },
];

export const CONFIRM_HELP: HelpItem[] = [
  { keys: "y", help: "write: guarded append (file unchanged since read, lock, fsync, re-read)" },
  { keys: "n / escape", help: "cancel; nothing is written" },
  { keys: "up / down / pageup / pagedown", help: "scroll what will be written" },
];
