// The compaction preview's keys: one table drives the input hook and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerEntry, footerItems, footerLine } from "../kit/footer.js";
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
  { keys: ["["], help: "keepRecentTokens down one step", run: { type: "adjust", setting: "keepRecentTokens", direction: -1 }, footer: "keep", footerJoin: " ", footerRank: 1 },
  { keys: ["]"], help: "keepRecentTokens up one step (the cut moves live)", run: { type: "adjust", setting: "keepRecentTokens", direction: 1 }, footer: "keep", footerJoin: " ", footerRank: 1 },
  { keys: ["{"], help: "reserveTokens down", run: { type: "adjust", setting: "reserveTokens", direction: -1 }, footer: "reserve", footerJoin: " ", footerRank: 2 },
  { keys: ["}"], help: "reserveTokens up (auto-compact threshold)", run: { type: "adjust", setting: "reserveTokens", direction: 1 }, footer: "reserve", footerJoin: " ", footerRank: 2 },
  { keys: ["<"], help: "context window down", run: { type: "adjust", setting: "contextWindow", direction: -1 }, footer: "window", footerJoin: " ", footerRank: 2 },
  { keys: [">"], help: "context window up", run: { type: "adjust", setting: "contextWindow", direction: 1 }, footer: "window", footerJoin: " ", footerRank: 2 },
  { keys: ["shift+k"], help: "type keepRecentTokens as a number (20000, 20,000 or 20k; Enter sets it)", run: { type: "type", setting: "keepRecentTokens" }, footer: "type", footerJoin: " ", footerRank: 2 },
  { keys: ["shift+r"], help: "type reserveTokens as a number", run: { type: "type", setting: "reserveTokens" }, footer: "type", footerJoin: " ", footerRank: 2 },
  { keys: ["shift+w"], help: "type the context window as a number", run: { type: "type", setting: "contextWindow" }, footer: "type", footerJoin: " ", footerRank: 2 },
  { keys: ["0"], help: "back to the values from your pi settings", run: { type: "reset" }, footer: "reset", footerRank: 3 },
  { keys: ["p"], help: "switch the pi profile (1.6 / 0.73)", run: { type: "profile" }, footer: "profile", footerRank: 2 },
  { keys: ["s"], help: "show/hide the summary that would be written", run: { type: "pane", pane: "summary" }, footer: "summary", footerRank: 1 },
  { keys: ["d"], help: "before/after context diff of this compaction", run: { type: "pane", pane: "diff" }, footer: "diff" },
  { keys: ["b"], help: "context diff of moving the leaf here (/tree navigation)", run: { type: "pane", pane: "branchDiff" }, footer: "diff" },
  { keys: ["c"], help: "scroll back to the cut", run: { type: "followCut" }, footer: "cut" },
  { keys: ["w"], help: "write this compaction to the file with the settings and profile shown (at pi's leaf, as /compact; at another entry it says why not)", run: { type: "write" }, footer: "write" },
  { keys: ["up"], help: "scroll up", run: { type: "scroll", by: "line", direction: -1 } },
  { keys: ["down"], help: "scroll down", run: { type: "scroll", by: "line", direction: 1 } },
  { keys: ["pageup", "left"], help: "page up", run: { type: "scroll", by: "page", direction: -1 } },
  { keys: ["pagedown", "right"], help: "page down", run: { type: "scroll", by: "page", direction: 1 } },
  { keys: ["home"], help: "top", run: { type: "scroll", by: "edge", direction: -1 } },
  { keys: ["end"], help: "bottom", run: { type: "scroll", by: "edge", direction: 1 } },
  { keys: ["?"], help: "this help", run: { type: "help" }, footer: "help", footerRank: 1 },
  { keys: ["escape", "q"], help: "close the pane, or back to the tree", run: { type: "back" }, footer: "back" },
];

/** What the preview is in, as far as its keys care: until pi's settings are read, no setting can be stepped or typed. */
export interface PreviewKeyState {
  settingsRead: boolean;
}

const SETTING_COMMANDS = new Set<PreviewCommand["type"]>(["adjust", "type", "reset"]);
const ALL = PREVIEW_BINDINGS;
const WITHOUT_SETTINGS = PREVIEW_BINDINGS.filter((b) => !SETTING_COMMANDS.has(b.run.type));

/** The bindings that act in this state: the input hook dispatches from them and the footer lists them. */
export const activePreviewBindings = (state: PreviewKeyState): PreviewBinding[] => (state.settingsRead ? ALL : WITHOUT_SETTINGS);

const LOOKUP = { all: bindingLookup(ALL), withoutSettings: bindingLookup(WITHOUT_SETTINGS) };

export const previewKeyCommand = (key: KeyPress, state: PreviewKeyState): PreviewCommand | undefined =>
  (state.settingsRead ? LOOKUP.all : LOOKUP.withoutSettings)(key.name) ?? undefined;

/** What the preview still takes while a diff covers it (the diff passes these keys down): "[ ] { } < > p still adjust". */
export const previewPassedHint = (): string =>
  footerEntry({ keys: PREVIEW_BINDINGS.filter((b) => b.run.type === "adjust" || b.run.type === "profile").flatMap((b) => b.keys), text: "still adjust", rank: 0, join: " " });

/** The preview's footer (over the bands and the summary), the longest that fits: the keys that act (w, d, b, c) stay. */
export const previewFooter = (state: PreviewKeyState, columns: number): string => footerLine(footerItems(activePreviewBindings(state)), columns);

/** The prompt a setting is typed in (K / R / W); the text field's keys edit the number. */
export type SettingPromptCommand = "set" | "cancel";
export const SETTING_PROMPT_BINDINGS: Binding<SettingPromptCommand>[] = [
  { keys: ["enter"], help: "set the value typed (empty: keep the value in force)", run: "set", footer: "set" },
  { keys: ["escape", "ctrl+c"], help: "cancel; the value stays", run: "cancel", footer: "cancel" },
];
export const settingPromptCommand = bindingLookup(SETTING_PROMPT_BINDINGS);
export const settingPromptFooter = (): string => footerLine(footerItems(SETTING_PROMPT_BINDINGS), Number.MAX_SAFE_INTEGER, { lead: "", note: "(20000, 20,000 or 20k)" });

/** Esc's entry where the preview has only it to offer ("Esc: back to the bands", "(Esc back)"). */
export const previewBackHint = (text: string, keysEnd = " "): string =>
  footerEntry({ ...footerItems(PREVIEW_BINDINGS.filter((b) => b.run.type === "back"))[0], text }, { keysEnd });
