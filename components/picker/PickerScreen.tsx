// The picker as a screen of the app shell: lists sessions through the engine and opens the tree.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Text } from "ink";
import {
  firstLineIsSessionHeader,
  folderSignature,
  hasAnySession,
  listAllSessionFiles,
  listSessionsInSteps,
  listToEnd,
  readSessionFile,
  resolveAgentDir,
  SessionInfoCache,
  sessionsFolder,
  startsWithSessionHeader,
  watchPath,
  type SessionInfo,
  type SessionListing,
} from "../../src/engine/index.js";
import { RecallCache, recallCacheFile, sqliteChoiceFrom } from "../../src/engine/store/recall-cache.js";
import type { ContentSource } from "./use-content-search.js";
import { useAppEnv } from "../kit/app-context.js";
import { HoldKeys } from "../kit/key-router.js";
import { SHELL_BINDINGS } from "../app/help-keys.js";
import { useReadAfterRender } from "../kit/use-read-after-render.js";
import type { AppEnv, PickerScreenProps, RenderPicker } from "../kit/screen-contract.js";
import { demoSessionPath, demoWorkingCopy } from "./demo-session.js";
import { useFirstListing } from "./listing-steps.js";
import { previewDetails } from "./preview-data.js";
import { SessionPicker } from "./SessionPicker.js";

/** Where and how to list: pi resolves "~" against the home and relative paths against the cwd. */
const listingBase = (env: AppEnv) => ({ cwd: env.cwd, sessionDir: env.sessionDir, profile: env.profile, home: env.home, baseDir: env.cwd });

/** What the shell quits on: not held while the folder is listed. */
const QUIT_KEYS = SHELL_BINDINGS.flatMap((binding) => binding.keys);

/** pi writes a turn as several appends: one listing after they settle. */
const FOLDER_DEBOUNCE_MS = 300;
/** Without file-system events, a stat of the folder's files this often. */
const FOLDER_POLL_MS = 2000;

/** This folder's sessions (pi's SessionManager.list), a file per step; throws when the agent dir cannot be resolved. */
function listCurrent(env: AppEnv, cache: SessionInfoCache): SessionListing {
  const agentDir = resolveAgentDir(env.env, env.home, env.profile);
  return listSessionsInSteps({ ...listingBase(env), agentDir, cache });
}

/** What the picker opens with: this folder's sessions (or why they cannot be listed) and the bundled demo. */
interface PickerStart {
  listing: { sessions: SessionInfo[]; error: string | undefined };
  demoPath: string | undefined;
}

export function PickerScreen(props: PickerScreenProps) {
  // Where the app runs (the sessions folder, pi's agent dir): the app context.
  const env = useAppEnv();
  // One for the picker's life: listing again (pi appended a turn, a tree was closed) reads only the files that changed.
  const [cache] = useState(() => new SessionInfoCache());
  // Listed in steps, never while rendering: a small folder at once, a large one saying how far it got.
  const listFolder = useCallback(() => listCurrent(env, cache), [env, cache]);
  const first = useFirstListing(listFolder);
  const demo = useReadAfterRender(() => ({ path: demoSessionPath() }), []);
  const start = useMemo((): PickerStart | undefined => {
    if (first.kind === "listing" || demo === undefined) return undefined;
    return { listing: first.kind === "listed" ? { sessions: first.sessions, error: undefined } : { sessions: [], error: first.error }, demoPath: demo.path };
  }, [first, demo]);
  // Keys typed meanwhile wait for the picker (its search, most likely); Ctrl+C still quits.
  if (start === undefined)
    return (
      <HoldKeys passes={QUIT_KEYS}>
        <Text>{first.kind === "listing" && first.total > 0 ? `  Listing sessions… ${first.done}/${first.total} files` : "  Listing sessions…"}</Text>
      </HoldKeys>
    );
  return <ListedPicker {...props} env={env} start={start} cache={cache} listFolder={listFolder} />;
}

function ListedPicker({ nav, active, env, start, cache, listFolder }: PickerScreenProps & { env: AppEnv; start: PickerStart; cache: SessionInfoCache; listFolder: () => SessionListing }) {
  const { listing, demoPath } = start;
  const relistSessions = useCallback(() => listToEnd(listFolder()), [listFolder]);
  const loadAllSessions = useCallback(() => {
    // pi's listAll reads every project folder of the agent dir (a --session-dir lists just itself).
    const agentDir = resolveAgentDir(env.env, env.home, env.profile);
    return listSessionsInSteps({ ...listingBase(env), agentDir, all: true, cache });
  }, [env, cache]);
  const anySessions = useCallback(() => hasAnySession({ ...listingBase(env), agentDir: resolveAgentDir(env.env, env.home, env.profile) }), [env]);

  // The demo opens as a private copy so trying writes on it never edits the installed package. One
  // copy serves the whole run; it is deleted when the picker unmounts, which is when the app exits.
  const [demo] = useState(() => (demoPath && env.tempDir !== undefined ? demoWorkingCopy(demoPath, env.tempDir) : undefined));
  useEffect(() => () => demo?.dispose(), [demo]);

  // Content search covers what `recall --all` covers: pi's listAll, through the same index.
  const content = useMemo<ContentSource>(
    () => ({
      open: () => RecallCache.open(recallCacheFile(env.env, env.home), { sqlite: sqliteChoiceFrom(env.env) }),
      listFiles: () => {
        const agentDir = resolveAgentDir(env.env, env.home, env.profile);
        return listAllSessionFiles({ ...listingBase(env), agentDir })
          .filter((path) => startsWithSessionHeader(path, env.profile))
          .sort();
      },
      profile: env.profile,
      // Next to this module once built (dist/bin/, the bundle's chunks); from the TypeScript sources it is not there and the build runs in slices.
      worker: {
        url: new URL(["./recall-index-worker", "js"].join("."), import.meta.url),
        job: (files) => ({ cacheFile: recallCacheFile(env.env, env.home), files, profile: env.profile, sqlite: sqliteChoiceFrom(env.env) }),
      },
    }),
    [env],
  );

  const openSession = useCallback(
    (path: string, entryId?: string): string | void => {
      if (path !== demoPath) return nav.openTree(path, entryId);
      const copy = demo?.path();
      if (copy === undefined) return `Cannot make a private copy of the demo in ${env.tempDir ?? "a temp folder"}; it is not opened, so the package's file is never written.`;
      nav.openTree(copy);
    },
    [nav, demo, demoPath, env.tempDir],
  );
  // A file gone, unreadable or no longer starting with a session header is dropped, not opened. Only
  // its first line is read: the tree reads and parses the whole file next, and shows its own error
  // for a file that passes this but is damaged further on.
  const canOpen = useCallback((path: string) => path === demoPath || firstLineIsSessionHeader(path, env.profile), [demoPath, env.profile]);
  // The picker follows the folder: a new session, or one that grew, shows without leaving the screen.
  const watch = useCallback(
    (onChange: () => void): (() => void) => {
      let folder: string;
      try {
        folder = sessionsFolder({ ...listingBase(env), agentDir: resolveAgentDir(env.env, env.home, env.profile) });
      } catch {
        return () => undefined;
      }
      let seen = folderSignature(folder);
      return watchPath(
        folder,
        () => {
          const now = folderSignature(folder);
          if (now === seen) return;
          seen = now;
          onChange();
        },
        { pollMs: FOLDER_POLL_MS, debounceMs: FOLDER_DEBOUNCE_MS },
      );
    },
    [env],
  );
  const loadPreview = useCallback((session: SessionInfo) => previewDetails(readSessionFile(session.path, env.profile).loaded), [env.profile]);
  return (
    <SessionPicker
      sessions={listing.sessions}
      loadAllSessions={loadAllSessions}
      anySessions={anySessions}
      relistSessions={relistSessions}
      watchSessions={watch}
      canOpen={canOpen}
      loadPreview={loadPreview}
      onOpen={openSession}
      onQuit={nav.back}
      demoPath={demoPath}
      error={listing.error}
      active={active !== false}
      content={content}
    />
  );
}

/** What the launcher hands to <App renderPicker={...}>. */
export const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
