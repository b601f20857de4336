// The app shell's screen stack: the contract between the shell (components/app) and the screens that
// plug into it. The session picker (components/picker) is one screen, the tree another.
//
// The shell keeps the picker mounted (hidden) under an open tree, so a screen passes `active !== false`
// as useKeyLayer's `enabled`; keys the tree does not consume would otherwise reach the hidden picker.
//
// Flow: picker -> Enter -> tree(file); tree -> Esc/q -> back to the picker when it was opened from it,
// otherwise the app exits. The shell owns the stack; a screen only calls the ScreenNav it is given.
import type { FileSnapshot, SessionTree } from "../../src/engine/index.js";
import type { SessionDocument } from "../document/session-document.js";

// The contract's types live in a module that imports neither the shell nor a screen.
export type { AppEnv, HelpRequest, PickerScreenProps, RenderPicker, ScreenNav } from "../kit/screen-contract.js";

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
