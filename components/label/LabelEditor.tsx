// Shift+L: pi's inline label editor under the tree. Enter moves to a confirm step that shows the
// label entry to be appended; y writes it through the engine's guarded append, Esc cancels. On a
// v1/v2 file the editor opens on why nothing can be appended (append-refusal.ts), before anything
// is typed; Esc goes back to the tree. Every key comes from label-keys.ts (the table the help
// overlay lists) through the router, the text field's edits included: nothing reads stdin itself.
import { useEffect, useMemo, useReducer } from "react";
import { Box, Text } from "ink";
import { labelCommit } from "../../src/engine/index.js";
import { AppendRefused } from "../commit/AppendRefused.js";
import { appendRefusal } from "../commit/append-refusal.js";
import { CommitConfirm } from "../commit/CommitConfirm.js";
import { appClock, commitPending } from "../document/commit-to-file.js";
import type { Committed, SessionDocument } from "../document/session-document.js";
import { pendingEntryLines } from "../commit/entry-preview.js";
import { useProfile, useTheme } from "../kit/app-context.js";
import { useKeyLayer } from "../kit/key-router.js";
import { runningPiLines, useRunningPi } from "../summarizer/use-running-pi.js";
import { TextField } from "../kit/text-field/TextField.js";
import { entryCaption } from "../branch/entry-caption.js";
import { LABEL_EDITOR_BINDINGS, labelEditorKeyAction } from "./label-keys.js";
import { initLabelEditor, labelEditorReducer } from "./label-state.js";
import { modalFooter } from "../kit/modal-keys.js";

/** Rows the editor takes under the tree. */
export const LABEL_EDITOR_HEIGHT = 6;

const PROMPT = "  Label (empty to remove): ";

export interface LabelEditorProps {
  document: SessionDocument;
  targetId: string;
  width: number;
  active: boolean;
  onClose: () => void;
  onCommitted: (committed: Committed) => void;
}

export function LabelEditor(props: LabelEditorProps) {
  const { document, targetId } = props;
  const theme = useTheme();
  const current = document.tree.labels.get(targetId)?.label;
  const [state, dispatch] = useReducer(labelEditorReducer, undefined, () => initLabelEditor(current, appendRefusal(document.tree.loaded.fileVersion)));
  const { onClose } = props;
  useEffect(() => {
    if (state.stage === "closed") onClose();
  }, [state.stage, onClose]);

  useKeyLayer(
    "overlay",
    (key) => {
      const action = labelEditorKeyAction(key);
      if (action !== null) dispatch(action);
      // Modal: nothing below the editor may react meanwhile.
      return true;
    },
    props.active && state.stage === "editing",
  );

  const caption = entryCaption(document.tree.byId.get(targetId), targetId);
  return (
    <Box flexDirection="column" width={props.width} height={LABEL_EDITOR_HEIGHT} borderStyle="single" borderLeft={false} borderRight={false} borderBottom={false} borderColor={theme.borderColor}>
      {state.stage === "editing" && (
        <>
          <Text wrap="truncate" {...theme.muted}>{`  Label for ${caption}`}</Text>
          <Box>
            <Text {...theme.accent}>{PROMPT}</Text>
            <TextField state={state.field} focused={props.active} width={Math.max(1, props.width - PROMPT.length - 1)} />
          </Box>
          <Text {...theme.muted}>{modalFooter(LABEL_EDITOR_BINDINGS)}</Text>
        </>
      )}
      {state.stage === "refused" && (
        <AppendRefused message={state.message} width={props.width} height={LABEL_EDITOR_HEIGHT - 1} active={props.active} onBack={() => dispatch({ type: "back" })} />
      )}
      {state.stage === "confirm" && (
        <ConfirmLabel {...props} label={state.label} onBack={() => dispatch({ type: "back" })} />
      )}
    </Box>
  );
}

function ConfirmLabel(props: LabelEditorProps & { label: string | undefined; onBack: () => void }) {
  const { document, targetId, label } = props;
  const profile = useProfile();
  // Planned once per confirm step, so the entry shown is the entry written.
  const pending = useMemo(() => labelCommit(document.tree, targetId, label, appClock()), [document, targetId, label]);
  // A pi running on the file keeps its own leaf and would append below it, past this label.
  const cwd = document.tree.loaded.header?.cwd;
  const running = useRunningPi(document.path, typeof cwd === "string" ? cwd : undefined);
  return (
    <CommitConfirm
      lines={[...runningPiLines(running), ...pendingEntryLines(document.path, pending, document.tree.leafId)]}
      width={props.width}
      height={LABEL_EDITOR_HEIGHT - 1}
      active={props.active}
      commit={() => commitPending(document, pending, profile, label === undefined ? "label entry (cleared)" : "label entry")}
      onCommitted={(committed) => props.onCommitted({ ...committed, focusId: targetId })}
      onCancel={props.onBack}
    />
  );
}
