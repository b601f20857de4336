// A tree screen for a path: reads and indexes the file (or takes the tree the launcher already read)
// and shows why instead when the file cannot be read: the reason first, then the path, both wrapped
// so a long path never hides the reason.
import { useMemo } from "react";
import { Box, Text } from "ink";
import { buildTree, readSessionFirstLook, SessionReadError, type FileSnapshot, type PendingExactLoad, type SessionTree } from "../../src/engine/index.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { CommitTreeScreen } from "../commit/CommitTreeScreen.js";
import type { AppEnv } from "./screens.js";

export interface LoadedTreeScreenProps {
  path: string;
  env: AppEnv;
  preloaded?: SessionTree;
  preloadedSnapshot?: FileSnapshot;
  /** With a preloaded first look: the exact load still to run. */
  preloadedPending?: PendingExactLoad;
  columns: number;
  rows: number;
  active: boolean;
  onBack: () => void;
  onHelp: () => void;
  /** Ctrl+K in the tree: open the compaction preview at an entry (the shell pushes the screen). */
  onCompactionPreview?: (tree: SessionTree, entryId: string, snapshot?: FileSnapshot) => void;
  /** `/` in the tree: open recall over it; `reveal`: recall's jump back. */
  onRecall?: (tree: SessionTree) => void;
  reveal?: { entryId: string; tree: SessionTree };
  /** The picker's content search hit: the cursor starts on this entry. */
  revealOnOpen?: string;
  /** Shift+G in the tree: the context timeline at an entry (the shell pushes the screen). */
  onTimeline?: (tree: SessionTree, entryId: string) => void;
}

type Loaded = { tree: SessionTree; snapshot?: FileSnapshot; pending?: PendingExactLoad } | { error: string };

function load(path: string, env: AppEnv): Loaded {
  try {
    const { loaded, snapshot, pending } = readSessionFirstLook(path, env.profile);
    if (loaded.invalid) return { error: loaded.invalid };
    return { tree: buildTree(loaded), snapshot, pending: pending ?? undefined };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The store's messages start with the path; it is shown on its own line below the reason.
    return { error: error instanceof SessionReadError ? withoutPathPrefix(message, path) : message };
  }
}

const withoutPathPrefix = (message: string, path: string): string => (message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message);

/** The error screen's lines: reason, then path, each wrapped to the width; the key hint always fits. */
export function loadErrorLines(reason: string, path: string, columns: number, rows: number): { reason: string[]; path: string[] } {
  const width = Math.max(10, columns - 4);
  const room = Math.max(2, rows - 2);
  const reasonLines = wrapText(`Cannot open this session: ${sanitizeInline(reason)}`, width);
  // A no-break space keeps "File:" on the path's first line instead of alone above it.
  const pathLines = wrapText(`File:\u00a0${sanitizeInline(path)}`, width);
  // The reason is what the user needs; the path gives way first when the terminal is short.
  const shownReason = reasonLines.slice(0, room);
  return { reason: shownReason, path: pathLines.slice(0, Math.max(0, room - shownReason.length)) };
}

function LoadError(props: { reason: string; path: string; columns: number; rows: number; active: boolean; onBack: () => void }) {
  useKeyLayer("screen", () => (props.onBack(), true), props.active);
  const lines = loadErrorLines(props.reason, props.path, props.columns, props.rows);
  return (
    <Box flexDirection="column">
      {lines.reason.map((line, i) => (
        <Text key={`r${i}`} color="red">{`  ${line}`}</Text>
      ))}
      {lines.path.map((line, i) => (
        <Text key={`p${i}`} color="gray">{`  ${line}`}</Text>
      ))}
      <Text color="gray">  any key: back</Text>
    </Box>
  );
}

export function LoadedTreeScreen(props: LoadedTreeScreenProps) {
  const { path, env, preloaded, preloadedSnapshot, preloadedPending } = props;
  const loaded = useMemo<Loaded>(
    () => (preloaded ? { tree: preloaded, snapshot: preloadedSnapshot, pending: preloadedPending } : load(path, env)),
    [path, env, preloaded, preloadedSnapshot, preloadedPending],
  );
  const tree = "error" in loaded ? undefined : loaded.tree;
  const onOpen = props.revealOnOpen;
  const reveal = useMemo(() => props.reveal ?? (onOpen !== undefined && tree ? { entryId: onOpen, tree } : undefined), [props.reveal, onOpen, tree]);
  if ("error" in loaded) {
    return <LoadError reason={loaded.error} path={path} columns={props.columns} rows={props.rows} active={props.active} onBack={props.onBack} />;
  }
  return (
    <CommitTreeScreen
      env={env}
      snapshot={loaded.snapshot}
      pending={loaded.pending}
      tree={loaded.tree}
      path={path}
      home={env.home}
      profile={env.profile}
      columns={props.columns}
      rows={props.rows}
      active={props.active}
      onBack={props.onBack}
      onHelp={props.onHelp}
      onCompactionPreview={props.onCompactionPreview}
      onRecall={props.onRecall}
      onTimeline={props.onTimeline}
      reveal={reveal}
    />
  );
}
