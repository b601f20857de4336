// Commit pi's /compact at an entry: the compaction entry the engine's builder makes (compiled summary, pi's
// cut, tokensBefore, file lists), the context it leaves, then the confirm step.
//
// For the compaction preview (components/compaction): mount this as an overlay on a key, with
// the preview's settings in force, and go back to the tree on onCommitted; the tree below re-reads
// the file by itself (session-writes.ts).
import { useMemo } from "react";
import { Box, Text } from "ink";
import {
  contextAfterCommit,
  planCompactionCommit,
  type CompactionSettings,
  type FileSnapshot,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import { changedRowLines, contextChange, contextChangeLines } from "../branch/context-change.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { CommitConfirm } from "./CommitConfirm.js";
import { appClock, commitPending, type Committed } from "./commit-io.js";
import { pendingEntryLines } from "./entry-preview.js";

export interface CompactionCommitProps {
  /** The session file and the tree read from it (with its snapshot when known). */
  file: string;
  tree: SessionTree;
  snapshot?: FileSnapshot;
  profile: PiProfile;
  /** Compact the path to this entry (pi's /compact at the leaf it is on). */
  leafId: string | null;
  settings: CompactionSettings;
  width: number;
  height: number;
  active: boolean;
  onCancel: () => void;
  onCommitted: (committed: Committed) => void;
}

export function CompactionCommit(props: CompactionCommitProps) {
  const { tree, profile, leafId, settings, file } = props;
  const plan = useMemo(() => planCompactionCommit(tree, { profile, settings, leafId }, appClock()), [tree, profile, settings, leafId]);
  const view = useMemo(() => {
    if (plan.kind === "none") return undefined;
    const after = contextAfterCommit(plan.path, plan.pending, profile);
    const change = contextChange(tree, [...plan.path, ...plan.pending.entries], profile, "Context now → after this compaction");
    const head = [
      `  Compaction at ${sanitizeInline(leafId ?? "(empty)")}: keepRecentTokens ${settings.keepRecentTokens}, summary compiled without an LLM; ${after.messages.length} messages after`,
      ...contextChangeLines(change).map((l) => `  ${l}`),
    ];
    const lines = [...pendingEntryLines(file, plan.pending.entries), "", "  Messages leaving and entering the context:", ...changedRowLines(change)];
    return { head, lines };
  }, [plan, tree, profile, leafId, settings, file]);
  useKeyLayer("overlay", (key) => (key.name === "escape" ? (props.onCancel(), true) : true), props.active && plan.kind === "none");

  if (plan.kind === "none" || view === undefined) {
    return (
      <Box flexDirection="column" width={props.width} height={props.height}>
        <Text color="yellow" wrap="truncate">{`  Nothing to write: ${sanitizeInline(plan.kind === "none" ? plan.reason : "")}`}</Text>
        <Text color="gray">  Esc back</Text>
      </Box>
    );
  }
  const pending = plan.pending;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <CommitConfirm
        head={view.head}
        lines={view.lines}
        width={props.width}
        height={props.height}
        active={props.active}
        commit={() => commitPending({ path: file, tree, snapshot: props.snapshot }, pending, profile, "compaction")}
        onCommitted={props.onCommitted}
        onCancel={props.onCancel}
      />
    </Box>
  );
}
