// Commit pi's /compact at an entry: the compaction entry the engine's builder makes (compiled summary, pi's
// cut, tokensBefore, file lists), the context it leaves, then the confirm step. Screens mount it through
// CompactionCommitScreen (the tree's Shift+C, the compaction preview's `w`); the write goes through the
// file's owner (components/document), which tells every screen showing the file.
import { useMemo } from "react";
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { planCompactionCommit, type CompactionSettings, type FileSnapshot, type PiProfile, type SessionTree } from "../../src/engine/index.js";
import { BACK_ON_ESCAPE, modalFooter, useModalKeys } from "../kit/modal-keys.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { AppendRefused } from "./AppendRefused.js";
import { appendRefusal } from "./append-refusal.js";
import { CommitConfirm } from "./CommitConfirm.js";
import { appClock, commitPending } from "../document/commit-to-file.js";
import type { Committed, DocumentOwner } from "../document/session-document.js";
import { useDocumentRegistry } from "../document/use-document.js";
import { pendingCommitView } from "./entry-preview.js";
import { useSummarizerOffer } from "../summarizer/use-summarizer-offer.js";

export interface CompactionCommitProps {
  /** The session file and the tree read from it (with its snapshot when known). */
  file: string;
  tree: SessionTree;
  snapshot?: FileSnapshot;
  /** The file's owner and which of its reads `tree` is; without them, the owner of the file open in the app (if any). */
  owner?: DocumentOwner;
  read?: number;
  profile: PiProfile;
  /** Compact the path to this entry (pi's /compact at the leaf it is on). */
  leafId: string | null;
  settings: CompactionSettings;
  width: number;
  height: number;
  active: boolean;
  onCancel: () => void;
  onCommitted: (committed: Committed) => void;
  /** The step also offers the summary of the user's own pi (`p`), found where the app runs. */
  offerPiSummary?: boolean;
}

export function CompactionCommit(props: CompactionCommitProps) {
  // A v1/v2 file is refused before anything else: whether pi would compact is moot (and not worth
  // compiling a summary for) when nothing can be appended.
  const refusal = appendRefusal(props.tree.loaded.fileVersion);
  if (refusal !== null) {
    return <AppendRefused message={refusal} width={props.width} height={props.height} active={props.active} onBack={props.onCancel} />;
  }
  return <PlannedCompaction {...props} />;
}

function PlannedCompaction(props: CompactionCommitProps) {
  const theme = useTheme();
  const { tree, profile, leafId, settings, file } = props;
  const registry = useDocumentRegistry();
  const owner = props.owner ?? registry?.find(file);
  const plan = useMemo(() => planCompactionCommit(tree, { profile, settings, leafId }, appClock()), [tree, profile, settings, leafId]);
  const view = useMemo(() => {
    if (plan.kind === "none") return undefined;
    const { change, head, lines } = pendingCommitView({ path: file, tree }, plan.path, plan.pending, profile, "Context now → after this compaction");
    const first = `  Compaction at ${sanitizeInline(leafId ?? "(empty)")}: keepRecentTokens ${settings.keepRecentTokens}, summary compiled without an LLM; ${change.after.length} messages after`;
    return { head: [first, ...head], lines, pending: plan.pending };
  }, [plan, tree, profile, leafId, settings, file]);
  useModalKeys(BACK_ON_ESCAPE, props.onCancel, props.active && view === undefined);
  const offer = useSummarizerOffer({ offer: props.offerPiSummary === true, file, tree, leafId, profile, width: props.width, height: props.height, active: props.active, onCommitted: props.onCommitted });
  const piPanel = view === undefined ? null : offer.panel({ path: file, tree, snapshot: props.snapshot }, { kind: "compact", leafId, settings });
  if (piPanel) return piPanel;

  if (view === undefined) {
    return (
      <Box flexDirection="column" width={props.width} height={props.height}>
        <Text {...theme.warning} wrap="truncate">{`  Nothing to write: ${sanitizeInline(plan.kind === "none" ? plan.reason : "")}`}</Text>
        <Text {...theme.muted}>{modalFooter(BACK_ON_ESCAPE)}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <CommitConfirm
        head={offer.head(view.head)}
        lines={offer.lines(view.lines)}
        width={props.width}
        height={props.height}
        active={props.active}
        keys={offer.keys}
        commit={() => commitPending({ path: file, tree, snapshot: props.snapshot, owner, read: props.read }, view.pending, profile, "compaction")}
        onCommitted={props.onCommitted}
        onCancel={props.onCancel}
      />
    </Box>
  );
}

/** CompactionCommit as a whole screen of `height` rows: a title line naming the file, then the commit. */
export function CompactionCommitScreen(props: CompactionCommitProps & { title: string }) {
  const { title, ...commit } = props;
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text {...theme.title} wrap="truncate">
        {title}
        <Text {...theme.muted}>{`  ${sanitizeInline(props.file)}`}</Text>
      </Text>
      <CompactionCommit {...commit} height={props.height - 1} />
    </Box>
  );
}
