// The picker as a screen of the app shell: lists sessions through the engine and opens the tree.
import { useCallback, useEffect, useState } from "react";
import { listSessions, readSessionFile, readSessionInfo, resolveAgentDir, type SessionInfo } from "../../src/engine/index.js";
import type { AppEnv, PickerScreenProps, RenderPicker } from "../app/screens.js";
import { demoSessionPath, demoWorkingCopy } from "./demo-session.js";
import { previewDetails } from "./preview-data.js";
import { SessionPicker } from "./SessionPicker.js";

/** Where and how to list: pi resolves "~" against the home and relative paths against the cwd. */
const listingBase = (env: AppEnv) => ({ cwd: env.cwd, sessionDir: env.sessionDir, profile: env.profile, home: env.home, baseDir: env.cwd });

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** This folder's sessions (pi's SessionManager.list); throws when the agent dir cannot be resolved. */
function listCurrent(env: AppEnv): SessionInfo[] {
  const agentDir = resolveAgentDir(env.env, env.home, env.profile);
  return listSessions({ ...listingBase(env), agentDir });
}

export interface PickerScreenOwnProps {
  /** Where the demo's working copy goes; the system temp folder when absent (the launcher passes none). */
  demoTempRoot?: string;
}

export function PickerScreen({ env, nav, columns, rows, active, demoTempRoot }: PickerScreenProps & PickerScreenOwnProps) {
  const [listing] = useState(() => {
    try {
      return { sessions: listCurrent(env), error: undefined as string | undefined };
    } catch (error) {
      return { sessions: [] as SessionInfo[], error: `Cannot list sessions: ${oneLine(error)}` };
    }
  });
  const relistSessions = useCallback(() => listCurrent(env), [env]);
  const loadAllSessions = useCallback(() => {
    // pi's listAll reads every project folder of the agent dir (a --session-dir lists just itself).
    const agentDir = resolveAgentDir(env.env, env.home, env.profile);
    return listSessions({ ...listingBase(env), agentDir, all: true });
  }, [env]);

  const [demoPath] = useState(() => demoSessionPath());
  // The demo opens as a private copy so trying writes on it never edits the installed package. One
  // copy serves the whole run; it is deleted when the picker unmounts, which is when the app exits.
  const [demo] = useState(() => (demoPath ? demoWorkingCopy(demoPath, demoTempRoot) : undefined));
  useEffect(() => () => demo?.dispose(), [demo]);

  const openSession = useCallback((path: string) => nav.openTree(demo && path === demoPath ? demo.path() : path), [nav, demo, demoPath]);
  // The listing's own test: a file it would skip now (deleted, unreadable, no header) is dropped, not opened.
  const canOpen = useCallback((path: string) => path === demoPath || readSessionInfo(path, env.profile) !== null, [demoPath, env.profile]);
  const loadPreview = useCallback((session: SessionInfo) => previewDetails(readSessionFile(session.path, env.profile).loaded), [env.profile]);
  return (
    <SessionPicker
      sessions={listing.sessions}
      loadAllSessions={loadAllSessions}
      relistSessions={relistSessions}
      canOpen={canOpen}
      loadPreview={loadPreview}
      onOpen={openSession}
      onQuit={nav.back}
      columns={columns}
      rows={rows}
      profile={env.profile}
      home={env.home}
      demoPath={demoPath}
      error={listing.error}
      active={active !== false}
    />
  );
}

/** What the launcher hands to <App renderPicker={...}>. */
export const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
