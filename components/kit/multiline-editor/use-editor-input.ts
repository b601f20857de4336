// The multi-line editor's key handler: it carries out editorCommand (editor-keys.ts, the table the
// help overlay lists too). Escape, Ctrl+C and PgUp/PgDn are left to the surrounding screen (cancel,
// scrolling); every other key is swallowed, so the editor is modal whichever handler of its layer
// runs first.
import type { Dispatch } from "react";
import { useKeyLayer, type KeyLayer } from "../key-router.js";
import { editorCommand } from "./editor-keys.js";
import type { EditorAction, EditorState } from "./editor-state.js";

export function useEditorInput(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  width: number,
  onSubmit: () => void,
  enabled: boolean,
  layer: KeyLayer = "overlay",
): void {
  useKeyLayer(
    layer,
    (key) => {
      const command = editorCommand(key, state, width);
      if (command.kind === "pass") return false;
      if (command.kind === "submit") onSubmit();
      else if (command.kind === "edit") for (const action of command.actions) dispatch(action);
      return true;
    },
    enabled,
  );
}
