// A multi-line text editor for a modal screen, after pi's: the state in a pure reducer, keys in
// useEditorInput, the drawing in EditorView. It takes exactly `height` rows (fewer only when the
// text is shorter) and `width` columns; the text it submits is the text as typed, lines joined by LF.
import { useReducer, useState } from "react";
import type { KeyLayer } from "../key-router.js";
import { editorWindow } from "./editor-layout.js";
import { editorReducer, editorText, initEditor } from "./editor-state.js";
import { EditorView, GUTTER } from "./EditorView.js";
import { useEditorInput } from "./use-editor-input.js";

export interface MultilineEditorProps {
  initialText?: string;
  width: number;
  /** Rows for the text; longer text scrolls to keep the cursor in view. */
  height: number;
  active: boolean;
  onSubmit: (text: string) => void;
  layer?: KeyLayer;
}

export function MultilineEditor({ initialText = "", width, height, active, onSubmit, layer }: MultilineEditorProps) {
  const [state, dispatch] = useReducer(editorReducer, initialText, initEditor);
  // One column stays free after the text: the cursor at a full row's end, or a space hanging there.
  const textWidth = Math.max(1, width - GUTTER - 1);
  useEditorInput(state, dispatch, textWidth, () => onSubmit(editorText(state)), active, layer);
  // The window keeps its scroll from the last frame unless the cursor leaves it (state from the previous render).
  const [scroll, setScroll] = useState(0);
  const frame = editorWindow(state, textWidth, Math.max(1, height), scroll);
  if (frame.scroll !== scroll) setScroll(frame.scroll);
  return <EditorView frame={frame} showCursor={active} />;
}
