// The session picker: reducer hook + input hook + dumb view, with the preview read lazily.
// Independent of where sessions come from; PickerScreen wires it to the engine and the shell.
import { useCallback, useEffect, useMemo } from "react";
import { listToEnd, type SessionInfo, type SessionListing } from "../../src/engine/index.js";
import { useProfile, useScreenSize } from "../kit/app-context.js";
import { pickerLayout } from "./layout.js";
import { listError, selectedSession } from "./picker-state.js";
import { PickerView } from "./PickerView.js";
import { usePickerInput } from "./use-picker-input.js";
import { usePickerRefresh } from "./use-picker-refresh.js";
import { usePickerState } from "./use-picker-state.js";
import { useSessionPreview, type PreviewLoader } from "./use-session-preview.js";
import { useContentSearch, type ContentSource } from "./use-content-search.js";

export interface SessionPickerProps {
  /** Sessions of the current folder, newest first. */
  sessions: readonly SessionInfo[];
  /** Every project's sessions, a file per step: the first time they are needed, and again on each re-listing. Keep it stable. */
  loadAllSessions: () => SessionListing;
  /** Whether pi lists a session anywhere, without listing them all (default: loadAllSessions() is not empty). */
  anySessions?: () => boolean;
  /** The current folder's sessions again, for a re-listing. Keep it stable. */
  relistSessions?: () => readonly SessionInfo[];
  /** Watch the sessions folder while the picker is shown: calls back when it changed; returns the stop. Keep it stable. */
  watchSessions?: (onChange: () => void) => () => void;
  /** Whether a session can still be opened; checked on Enter. False drops it (re-listing) with a note. */
  canOpen?: (path: string) => boolean;
  /** Reads the selected session's file for the preview. Keep it stable. */
  loadPreview: PreviewLoader;
  /** Open a session (at `entryId`, a content search hit); a returned text says why nothing was opened (shown as the picker's note). */
  onOpen: (path: string, entryId?: string) => string | void;
  /** Search what was said in every session through the recall index; without it only names, first messages and paths. */
  content?: ContentSource;
  onQuit: () => void;
  /** Offered by Enter when there are no sessions anywhere. */
  demoPath?: string;
  /** Why the first listing of the current folder failed, if it did; a later listing that works clears it. */
  error?: string;
  /** The clock for ages (tests pass a fixed one). */
  now?: Date;
  /** False while another screen is on top; when it turns true again the picker lists again. */
  active?: boolean;
}

export function SessionPicker(props: SessionPickerProps) {
  // The terminal's size and the pi release: the app context.
  const { columns, rows } = useScreenSize();
  const profile = useProfile();
  const layout = useMemo(() => pickerLayout(columns, rows), [columns, rows]);
  const { loadAllSessions, anySessions: givenAnySessions } = props;
  const anySessions = useMemo(() => givenAnySessions ?? (() => listToEnd(loadAllSessions()).length > 0), [givenAnySessions, loadAllSessions]);
  const { state, dispatch } = usePickerState({
    current: props.sessions,
    loadAll: props.loadAllSessions,
    anySessions,
    profile,
    listHeight: layout.listHeight,
    demoPath: props.demoPath,
    error: props.error,
  });
  const refresh = usePickerRefresh({ state, dispatch, relistCurrent: props.relistSessions, loadAll: props.loadAllSessions, active: props.active !== false });
  const { canOpen, onOpen } = props;
  const { request: requestRefresh } = refresh;
  const { watchSessions } = props;
  const shown = props.active !== false;
  // Only while shown: a tree on top has the file it shows to follow; coming back lists afresh anyway.
  useEffect(() => (shown && watchSessions ? watchSessions(() => requestRefresh()) : undefined), [shown, watchSessions, requestRefresh]);
  // A file deleted since it was listed is dropped here rather than opened into the tree's error screen.
  const open = useCallback(
    (path: string, entryId?: string) => {
      if (canOpen && !canOpen(path)) return requestRefresh(path);
      const problem = onOpen(path, entryId);
      if (problem) dispatch({ type: "note", text: problem });
    },
    [canOpen, onOpen, requestRefresh, dispatch],
  );
  usePickerInput({ exit: state.exit, dispatch, onOpen: open, onQuit: props.onQuit, active: props.active });
  const content = useContentSearch(props.content, state.query, dispatch, props.active !== false);
  const preview = useSessionPreview(layout.preview === "none" ? undefined : selectedSession(state), props.loadPreview);
  return (
    <PickerView
      state={state}
      layout={layout}
      width={Math.max(20, columns)}
      preview={preview}
      now={props.now ?? new Date()}
      error={listError(state)}
      content={content}
    />
  );
}
