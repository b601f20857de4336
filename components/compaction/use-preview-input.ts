// Maps keys to preview actions through the key router ("screen" layer). The diff view, when shown,
// sits on the "pane" layer above and takes its own keys first.
import type { Dispatch } from "react";
import type { PaneLines } from "../kit/pane-lines.js";
import type { HelpGroupId } from "../kit/screen-contract.js";
import { useKeyLayer } from "../kit/key-router.js";
import { isTypedRun, runKeys, type KeyPress } from "../kit/keys.js";
import { followCutTop, type BandList } from "./band-lines.js";
import type { PreviewAction, PreviewState } from "./preview-reducer.js";
import type { SettingName } from "./setting-name.js";
import { previewKeyCommand } from "./preview-keys.js";

export interface PreviewInputDeps {
  state: PreviewState;
  dispatch: Dispatch<PreviewAction>;
  /** pi's values (before any key adjustment), which a first adjustment steps from; undefined while they are read. */
  piValues: Record<SettingName, number> | undefined;
  bandList: BandList;
  /** Height of the bands list body and line count of the summary, for clamped scrolling. */
  listHeight: number;
  /** The summary's lines (made as far as they are read). */
  summaryLines: PaneLines;
  onBack: () => void;
  /** `?`: the app's help, opened at the keys of the pane shown. */
  onHelp: (group: HelpGroupId) => void;
  /** `w`: open the write step for the plan shown. */
  onWrite: () => void;
  /** K / R / W: open the prompt that takes the setting as a typed number; `typed`: text that came in the same read after the key. */
  onTypeSetting: (setting: SettingName, typed: string) => void;
}

/**
 * Printable keys typed faster than the terminal is read arrive as one chunk ("]]]" when a key is
 * held): the preview has no text field, so such a chunk is read as that many presses.
 */
export const chunkPresses = (key: KeyPress): KeyPress[] => (isTypedRun(key) ? runKeys(key.text) : [key]);

export function usePreviewInput(deps: PreviewInputDeps, enabled: boolean): void {
  useKeyLayer(
    "screen",
    (key) => {
      let used = false;
      const presses = chunkPresses(key);
      for (let i = 0; i < presses.length; i++) {
        const command = previewKeyCommand(presses[i], { settingsRead: deps.piValues !== undefined });
        // The keys after K / R / W in the same read are the number being typed, not preview keys.
        if (command?.type === "type") {
          deps.onTypeSetting(command.setting, presses.slice(i + 1).map((p) => p.text).join(""));
          return true;
        }
        used = runPress(presses[i], deps) || used;
      }
      return used;
    },
    enabled,
  );
}

function runPress(key: KeyPress, deps: PreviewInputDeps): boolean {
  const command = previewKeyCommand(key, { settingsRead: deps.piValues !== undefined });
  if (!command) return false;
  const { state, dispatch, listHeight } = deps;
  switch (command.type) {
    case "adjust":
      // The reducer steps from its own override when there is one, so a chunk of presses adds up.
      // Bound only once the settings are read (activePreviewBindings).
      if (deps.piValues) dispatch({ type: "adjust", setting: command.setting, base: deps.piValues[command.setting], direction: command.direction });
      break;
    case "type":
      deps.onTypeSetting(command.setting, "");
      break;
    case "reset":
      dispatch({ type: "resetSettings" });
      break;
    case "profile":
      dispatch({ type: "toggleProfile" });
      break;
    case "pane":
      dispatch({ type: "showPane", pane: command.pane });
      break;
    case "followCut":
      dispatch({ type: "followCut" });
      break;
    case "scroll": {
      const step = command.by === "line" ? 1 : command.by === "page" ? Math.max(1, listHeight - 1) : Number.MAX_SAFE_INTEGER;
      const delta = step * command.direction;
      if (state.pane === "summary") {
        // Only the end key reads the whole summary; other scrolls wrap as far as they reach.
        const reach = command.by === "edge" && command.direction > 0 ? deps.summaryLines.total() : deps.summaryLines.extent(state.summaryScroll + Math.max(0, delta) + listHeight);
        dispatch({ type: "scrollSummary", delta, max: reach - listHeight });
      }
      else {
        const from = state.bandsScroll ?? followCutTop(deps.bandList, listHeight);
        dispatch({ type: "scrollBands", from, delta, max: deps.bandList.lines.length - listHeight });
      }
      break;
    }
    case "write":
      deps.onWrite();
      break;
    case "help":
      // The diff panes leave `?` to the preview; their keys are the diff group's.
      deps.onHelp(state.pane === "diff" || state.pane === "branchDiff" ? "diff" : "preview");
      break;
    case "back":
      if (state.pane !== "bands") dispatch({ type: "showPane", pane: "bands" });
      else deps.onBack();
      break;
  }
  return true;
}
