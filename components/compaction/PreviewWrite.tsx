// `w` in the compaction preview: the write step for the plan on screen. It commits at the previewed
// entry with the settings and profile the user tuned (captured when `w` was pressed, so the plan
// cannot shift under the confirm step), through the same guarded append as the tree's Shift+C.
import { Box, Text } from "ink";
import type { CompactionSettings, FileSnapshot, PiProfile, SessionTree } from "../../src/engine/index.js";
import { CompactionCommit } from "../commit/CompactionCommit.js";
import type { Committed } from "../commit/commit-io.js";
import { sanitizeInline } from "../kit/sanitize.js";

/** What `w` captured from the preview. */
export interface PreviewWriteRequest {
  leafId: string | null;
  profile: PiProfile;
  settings: CompactionSettings;
}

export interface PreviewWriteProps {
  request: PreviewWriteRequest;
  file: string;
  tree: SessionTree;
  /** How the file looked when the tree was read: a write refuses when it changed since. */
  snapshot?: FileSnapshot;
  columns: number;
  rows: number;
  active: boolean;
  onCancel: () => void;
  onCommitted: (committed: Committed) => void;
}

export function PreviewWrite(props: PreviewWriteProps) {
  const { request, columns, rows } = props;
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text bold wrap="truncate">
        {`  Write this compaction (profile ${request.profile})`}
        <Text color="gray">{`  ${sanitizeInline(props.file)}`}</Text>
      </Text>
      <CompactionCommit
        file={props.file}
        tree={props.tree}
        snapshot={props.snapshot}
        profile={request.profile}
        leafId={request.leafId}
        settings={request.settings}
        width={columns}
        height={rows - 2}
        active={props.active}
        onCancel={props.onCancel}
        onCommitted={props.onCommitted}
      />
    </Box>
  );
}
