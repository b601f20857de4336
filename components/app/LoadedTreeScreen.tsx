// A tree screen for a path: the file's document (components/document) reads it, or takes the tree the
// launcher already read, and the tree shows it; when the file cannot be opened, this says why: the
// reason first, then the path, both wrapped so a long path never hides the reason.
import { useState } from "react";
import { Box, Text } from "ink";
import type { SessionTree } from "../../src/engine/index.js";
import { CommitTreeScreen } from "../commit/CommitTreeScreen.js";
import type { SeedDocument } from "../document/document-store.js";
import type { SessionDocument } from "../document/session-document.js";
import { useDocument } from "../document/use-document.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { useScreenSize, useTheme } from "../kit/app-context.js";

export interface LoadedTreeScreenProps {
  path: string;
  /** The file as the launcher read it (tree, snapshot, a first look's pending exact load). */
  seed?: SeedDocument;
  active: boolean;
  onBack: () => void;
  onHelp: () => void;
  /** Ctrl+K in the tree: open the compaction preview at an entry (the shell pushes the screen). */
  onCompactionPreview?: (document: SessionDocument, entryId: string) => void;
  /** `/` in the tree: open recall over it; `reveal`: recall's jump back. */
  onRecall?: (tree: SessionTree) => void;
  reveal?: { entryId: string; tree: SessionTree };
  /** The picker's content search hit: the cursor starts on this entry. */
  revealOnOpen?: string;
  /** Shift+G in the tree: the context timeline at an entry (the shell pushes the screen). */
  onTimeline?: (tree: SessionTree, entryId: string) => void;
}

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

function LoadError(props: { reason: string; path: string; active: boolean; onBack: () => void }) {
  useKeyLayer("screen", () => (props.onBack(), true), props.active);
  const { columns, rows } = useScreenSize();
  const theme = useTheme();
  const lines = loadErrorLines(props.reason, props.path, columns, rows);
  return (
    <Box flexDirection="column">
      {lines.reason.map((line, i) => (
        <Text key={`r${i}`} {...theme.error}>{`  ${line}`}</Text>
      ))}
      {lines.path.map((line, i) => (
        <Text key={`p${i}`} {...theme.muted}>{`  ${line}`}</Text>
      ))}
      <Text {...theme.muted}>  any key: back</Text>
    </Box>
  );
}

export function LoadedTreeScreen(props: LoadedTreeScreenProps) {
  const { path } = props;
  const { store, state } = useDocument(path, props.seed);
  const theme = useTheme();
  // The picker's content-search hit: the cursor goes there once, on the tree first opened.
  const [onOpen, setOnOpen] = useState<{ entryId: string; tree: SessionTree } | undefined>(undefined);
  if (props.revealOnOpen !== undefined && onOpen === undefined && state.status === "open") setOnOpen({ entryId: props.revealOnOpen, tree: state.doc.tree });
  const reveal = props.reveal ?? onOpen;
  if (state.status === "opening") return <Text {...theme.muted} wrap="truncate">{`  opening ${sanitizeInline(path)}…`}</Text>;
  if (state.status === "failed") {
    return <LoadError reason={state.reason} path={path} active={props.active} onBack={props.onBack} />;
  }
  return (
    <CommitTreeScreen
      document={{ store, doc: state.doc, live: state.live, threshold: state.threshold, news: state.news }}
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
