// The picker as a screen of the app shell: lists sessions through the engine and opens the tree.
import { useCallback, useState } from "react";
import { listSessions, readSessionFile, resolveAgentDir, type SessionInfo } from "../../src/engine/index.js";
import type { AppEnv, PickerScreenProps, RenderPicker } from "../app/screens.js";
import { demoSessionPath, demoWorkingCopy } from "./demo-session.js";
import { previewDetails } from "./preview-data.js";
import { SessionPicker } from "./SessionPicker.js";

/** Where and how to list: pi resolves "~" against the home and relative paths against the cwd. */
const listingBase = (env: AppEnv) => ({ cwd: env.cwd, sessionDir: env.sessionDir, profile: env.profile, home: env.home, baseDir: env.cwd });

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0];

export function PickerScreen({ env, nav, columns, rows, active }: PickerScreenProps) {
  const [listing] = useState(() => {
    try {
      const agentDir = resolveAgentDir(env.env, env.home, env.profile);
      const sessions = listSessions({ ...listingBase(env), agentDir });
      return { agentDir, sessions, error: undefined as string | undefined };
    } catch (error) {
      return { agentDir: undefined, sessions: [] as SessionInfo[], error: `Cannot list sessions: ${oneLine(error)}` };
    }
  });
  const [demoPath] = useState(() => demoSessionPath());
  const loadAllSessions = useCallback(() => {
    // pi's listAll reads every project folder of the agent dir (a --session-dir lists just itself).
    if (!listing.agentDir) return listing.sessions;
    return listSessions({ ...listingBase(env), agentDir: listing.agentDir, all: true });
  }, [listing, env]);
  // The demo opens as a private copy so trying writes on it never edits the installed package.
  const openSession = useCallback((path: string) => nav.openTree(path === demoPath ? demoWorkingCopy(path) : path), [nav, demoPath]);
  const loadPreview = useCallback((session: SessionInfo) => previewDetails(readSessionFile(session.path, env.profile).loaded), [env.profile]);
  return (
    <SessionPicker
      sessions={listing.sessions}
      loadAllSessions={loadAllSessions}
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
