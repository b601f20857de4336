// What the shell (components/app) and the screens share, in a module that imports neither: where the
// app runs, how a screen asks for the help overlay, and how the picker plugs in. Screens import these
// from here, so no screen imports the shell that imports it.
import type { ReactNode } from "react";
import type { PiProfile } from "../../src/engine/index.js";

/** Names a help group, so a screen can ask for the help opened at its own keys. */
export type HelpGroupId =
  | "tree"
  | "search"
  | "detail"
  | "findPrompt"
  | "rowMarkers"
  | "branch"
  | "instructions"
  | "label"
  | "textField"
  | "confirm"
  | "piSummary"
  | "handoff"
  | "preview"
  | "settingPrompt"
  | "diff"
  | "recallQuery"
  | "recallResults"
  | "recallExpanded"
  | "problems"
  | "picker"
  | "timeline"
  | "help";

/** What every screen may do to the stack. Stable identity across renders. */
export interface ScreenNav {
  /** Open the tree of a session file on top of the current screen. */
  /** `entryId`: the tree opens with its cursor there (the picker's content search hit). */
  openTree(path: string, entryId?: string): void;
  /** Leave the current screen: back to the one below, or quit when it is the last. */
  back(): void;
  /** Quit the whole app. */
  quit(): void;
}

/**
 * Open the app's help overlay, scrolled so `group` (the keys of the asking screen's current mode) is
 * at the top; without it, at the screen's own group.
 */
export type HelpRequest = (group?: HelpGroupId) => void;

/** Where the app runs. Passed in once by the launcher to <App>, which gives it to every screen through the app context (kit/app-context.tsx); screens never read `process`. */
export interface AppEnv {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  profile: PiProfile;
  /**
   * The sessions folder pi would use instead of its per-project default ($PI_CODING_AGENT_SESSION_DIR,
   * else settings.json "sessionDir", "~" expanded as pi does); resolved by the launcher (src/cli/app-env.ts).
   */
  sessionDir?: string;
  /** Where temporary files may go (the demo's private copy): the system's temp folder, from the launcher. Without it the demo is not opened. */
  tempDir?: string;
}

/** Props the shell gives the picker screen (env and the terminal size come from the app context). */
export interface PickerScreenProps {
  nav: ScreenNav;
  /**
   * False while the picker is covered (a tree is open on top of it, or the help overlay is shown):
   * pass it as `enabled` to useKeyLayer so a hidden picker never reacts to keys.
   */
  active?: boolean;
  /** Open the app's help overlay (the shell lists every key). */
  onHelp?: HelpRequest;
}

/**
 * How the picker plugs in: the launcher passes `renderPicker` to <App>. Keeping it a render prop means
 * the shell compiles and runs (direct file mode) whether or not the picker exists yet.
 * Keys: a screen registers its key handler with `useKeyLayer("screen", handler)` from
 * components/kit/key-router.tsx (layers: overlay > pane > screen; return true when a key is consumed).
 */
export type RenderPicker = (props: PickerScreenProps) => ReactNode;
