// The app shell's screen stack: the contract between the shell (components/app) and the screens that
// plug into it. The session picker (components/picker) is one screen, the tree another.
//
// The shell keeps the picker mounted (hidden) under an open tree, so a screen passes `active !== false`
// as useKeyLayer's `enabled`; keys the tree does not consume would otherwise reach the hidden picker.
//
// Flow: picker -> Enter -> tree(file); tree -> Esc/q -> back to the picker when it was opened from it,
// otherwise the app exits. The shell owns the stack; a screen only calls the ScreenNav it is given.
import type { ReactNode } from "react";
import type { FileSnapshot, PiProfile, SessionTree } from "../../src/engine/index.js";
import type { SessionDocument } from "../document/session-document.js";
import type { HelpGroupId } from "./help-keys.js";

/** One screen on the stack. */
export type Screen =
  | { kind: "picker" }
  /** `fromPicker` decides what Esc/q does: pop back to the picker (true) or quit the app (false). */
  | { kind: "tree"; path: string; fromPicker: boolean; reveal?: { entryId: string; tree: SessionTree }; revealOnOpen?: string }
  /** Recall (components/recall) over a loaded tree; Enter pops it and sets the tree's `reveal`. */
  | { kind: "recall"; path: string; tree: SessionTree }
  /**
   * The compaction preview (components/compaction) at an entry of a tree that is already loaded;
   * `snapshot` is how the file looked when the tree was read (its `w` write refuses when it changed).
   */
  | {
      kind: "compaction";
      file: string;
      tree: SessionTree;
      targetId: string | null;
      snapshot?: FileSnapshot;
      /** The document the preview was computed on (its owner says when pi appended since). */
      document?: SessionDocument;
      /** Counts recomputes: a new preview state for the file as it is now. */
      generation?: number;
    }
  /** The context timeline (components/timeline) of a loaded tree, opened at an entry; Enter pops it and sets the tree's `reveal`. */
  | { kind: "timeline"; path: string; tree: SessionTree; entryId: string };

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

/** Where the app runs. Passed in once by the launcher; screens never read `process`. */
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

/** Props the shell gives the picker screen. */
export interface PickerScreenProps {
  env: AppEnv;
  nav: ScreenNav;
  /** Terminal size the screen must fit in: never draw more than `rows - 1` lines. */
  columns: number;
  rows: number;
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
