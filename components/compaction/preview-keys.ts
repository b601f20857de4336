// The compaction preview's keys: one table drives the input hook and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";
import type { SettingName } from "./setting-name.js";

export type PreviewCommand =
  | { type: "adjust"; setting: SettingName; direction: 1 | -1 }
  | { type: "type"; setting: SettingName }
  | { type: "reset" }
  | { type: "profile" }
  | { type: "pane"; pane: "summary" | "diff" | "branchDiff" }
  | { type: "scroll"; by: "line" | "page" | "edge"; direction: 1 | -1 }
  | { type: "followCut" }
  | { type: "write" }
  | { type: "help" }
  | { type: "back" };

export type PreviewBinding = Binding<PreviewCommand>;

export const PREVIEW_BINDINGS: PreviewBinding[] = [
  { keys: ["]"], help: "keepRecentTokens up one step (the cut moves live)", run: { type: "adjust", setting: "keepRecentTokens", direction: 1 } },
  { keys: ["["], help: "keepRecentTokens down one step", run: { type: "adjust", setting: "keepRecentTokens", direction: -1 } },
  { keys: ["}"], help: "reserveTokens up (auto-compact threshold)", run: { type: "adjust", setting: "reserveTokens", direction: 1 } },
  { keys: ["{"], help: "reserveTokens down", run: { type: "adjust", setting: "reserveTokens", direction: -1 } },
  { keys: [">"], help: "context window up", run: { type: "adjust", setting: "contextWindow", direction: 1 } },
  { keys: ["<"], help: "context window down", run: { type: "adjust", setting: "contextWindow", direction: -1 } },
  { keys: ["shift+k"], help: "type keepRecentTokens as a number (20000, 20,000 or 20k; Enter sets it)", run: { type: "type", setting: "keepRecentTokens" } },
  { keys: ["shift+r"], help: "type reserveTokens as a number", run: { type: "type", setting: "reserveTokens" } },
  { keys: ["shift+w"], help: "type the context window as a number", run: { type: "type", setting: "contextWindow" } },
  { keys: ["0"], help: "back to the values from your pi settings", run: { type: "reset" } },
  { keys: ["p"], help: "switch the pi profile (1.6 / 0.73)", run: { type: "profile" } },
  { keys: ["s"], help: "show/hide the summary that would be written", run: { type: "pane", pane: "summary" } },
  { keys: ["d"], help: "before/after context diff of this compaction", run: { type: "pane", pane: "diff" } },
  { keys: ["b"], help: "context diff of moving the leaf here (/tree navigation)", run: { type: "pane", pane: "branchDiff" } },
  { keys: ["c"], help: "scroll back to the cut", run: { type: "followCut" } },
  { keys: ["w"], help: "write this compaction to the file with the settings and profile shown (at pi's leaf, as /compact; at another entry it says why not)", run: { type: "write" } },
  { keys: ["up"], help: "scroll up", run: { type: "scroll", by: "line", direction: -1 } },
  { keys: ["down"], help: "scroll down", run: { type: "scroll", by: "line", direction: 1 } },
  { keys: ["pageup", "left"], help: "page up", run: { type: "scroll", by: "page", direction: -1 } },
  { keys: ["pagedown", "right"], help: "page down", run: { type: "scroll", by: "page", direction: 1 } },
  { keys: ["home"], help: "top", run: { type: "scroll", by: "edge", direction: -1 } },
  { keys: ["end"], help: "bottom", run: { type: "scroll", by: "edge", direction: 1 } },
  { keys: ["?"], help: "this help", run: { type: "help" } },
  { keys: ["escape", "q"], help: "close the pane, or back to the tree", run: { type: "back" } },
];

const lookup = bindingLookup(PREVIEW_BINDINGS);

export const previewKeyCommand = (key: KeyPress): PreviewCommand | undefined => lookup(key.name) ?? undefined;
