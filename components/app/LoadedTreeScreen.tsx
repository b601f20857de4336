// A tree screen for a path: reads and indexes the file (or takes the tree the launcher already read)
// and shows a one-line error instead when the file cannot be read.
import { useMemo } from "react";
import { Box, Text } from "ink";
import { buildTree, readSessionFile, SessionReadError, type FileSnapshot, type SessionTree } from "../../src/engine/index.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { CommitTreeScreen } from "../commit/CommitTreeScreen.js";
import type { AppEnv } from "./screens.js";

export interface LoadedTreeScreenProps {
  path: string;
  env: AppEnv;
  preloaded?: SessionTree;
  preloadedSnapshot?: FileSnapshot;
  columns: number;
  rows: number;
  active: boolean;
  onBack: () => void;
  onHelp: () => void;
  /** Ctrl+K in the tree: open the compaction preview at an entry (the shell pushes the screen). */
  onCompactionPreview?: (tree: SessionTree, entryId: string) => void;
  /** `/` in the tree: open recall over it; `reveal`: recall's jump back (engineer I). */
  onRecall?: (tree: SessionTree) => void;
  reveal?: { entryId: string; tree: SessionTree };
}

type Loaded = { tree: SessionTree; snapshot?: FileSnapshot } | { error: string };

function load(path: string, env: AppEnv): Loaded {
  try {
    const { loaded, snapshot } = readSessionFile(path, env.profile);
    if (loaded.invalid) return { error: `${path}: ${loaded.invalid}` };
    return { tree: buildTree(loaded), snapshot };
  } catch (error) {
    if (error instanceof SessionReadError) return { error: error.message };
    return { error: `${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function LoadError({ message, active, onBack }: { message: string; active: boolean; onBack: () => void }) {
  useKeyLayer("screen", () => (onBack(), true), active);
  return (
    <Box flexDirection="column">
      <Text color="red" wrap="truncate">{`  ${sanitizeInline(message)}`}</Text>
      <Text color="gray">  any key: back</Text>
    </Box>
  );
}

export function LoadedTreeScreen(props: LoadedTreeScreenProps) {
  const { path, env, preloaded, preloadedSnapshot } = props;
  const loaded = useMemo<Loaded>(
    () => (preloaded ? { tree: preloaded, snapshot: preloadedSnapshot } : load(path, env)),
    [path, env, preloaded, preloadedSnapshot],
  );
  if ("error" in loaded) return <LoadError message={loaded.error} active={props.active} onBack={props.onBack} />;
  return (
    <CommitTreeScreen
      env={env}
      snapshot={loaded.snapshot}
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
      reveal={props.reveal}
    />
  );
}
