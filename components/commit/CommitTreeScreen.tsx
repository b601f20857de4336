// The tree screen with writes: Enter (branch navigation + summary), Shift+L (label) and Shift+F
// (fork) on the selected entry. It owns the session document (tree + snapshot), opens the flow for
// a command, and after a commit shows the re-read file with the cursor on the new entry.
import { useCallback, useState } from "react";
import { Box, Text } from "ink";
import { planBranch } from "../../src/engine/index.js";
import { BranchFlow } from "../branch/BranchFlow.js";
import type { NavigationPlan } from "../branch/plan-lines.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { LABEL_EDITOR_HEIGHT, LabelEditor } from "../label/LabelEditor.js";
import { TreeScreen, type TreeScreenProps } from "../tree/TreeScreen.js";
import type { EntryCommand } from "../tree/tree-keys.js";
import { CommitConfirm } from "./CommitConfirm.js";
import { writeFork, type Committed } from "./commit-io.js";
import { planFork, type ForkPlan } from "./fork-plan.js";
import type { SessionDocument } from "./session-document.js";

export interface CommitTreeScreenProps extends TreeScreenProps {
  /** The process cwd (a fork resolves the session's cwd against it, as pi does). */
  cwd: string;
}

type Activity =
  | { kind: "none" }
  | { kind: "branch"; plan: NavigationPlan }
  | { kind: "label"; targetId: string }
  | { kind: "fork"; plan: ForkPlan };

interface Notice {
  text: string;
  error: boolean;
}

const FORK_PANEL_HEIGHT = 5;

export function CommitTreeScreen(props: CommitTreeScreenProps) {
  const { profile, columns, rows } = props;
  const [doc, setDoc] = useState<SessionDocument>(() => ({ path: props.path, tree: props.tree }));
  // A new generation remounts the tree on the re-read file, with the cursor on `focusId`.
  const [view, setView] = useState<{ generation: number; focusId?: string }>({ generation: 0 });
  const [activity, setActivity] = useState<Activity>({ kind: "none" });
  const [notice, setNotice] = useState<Notice | null>(null);

  const onEntryCommand = (command: EntryCommand, entryId: string) => {
    setNotice(null);
    if (command === "editLabel") return setActivity({ kind: "label", targetId: entryId });
    if (command === "fork") {
      const fork = planFork(doc, entryId, profile, { cwd: props.cwd, home: props.home });
      if (fork.ok) setActivity({ kind: "fork", plan: fork.value });
      else setNotice({ text: fork.message, error: true });
      return;
    }
    const plan = planBranch({ byId: doc.tree.byId, oldLeafId: doc.tree.leafId, targetId: entryId, profile });
    if (plan.kind === "same-leaf") setNotice({ text: "Already at this point (the selected entry is the leaf); nothing to do, as in pi.", error: false });
    else if (plan.kind === "not-found") setNotice({ text: plan.error, error: true });
    else setActivity({ kind: "branch", plan });
  };

  const close = useCallback(() => setActivity({ kind: "none" }), []);
  const onCommitted = useCallback((committed: Committed) => {
    setActivity({ kind: "none" });
    setNotice({ text: committed.message, error: false });
    const document = committed.document;
    if (document) {
      setDoc(document);
      setView((v) => ({ generation: v.generation + 1, focusId: committed.focusId }));
    }
  }, []);

  // The notice stays until the next key, which still reaches the tree.
  useKeyLayer("screen", () => (setNotice(null), false), props.active && notice !== null && activity.kind === "none");

  const fullScreen = activity.kind === "branch";
  const panelHeight = activity.kind === "label" ? LABEL_EDITOR_HEIGHT : activity.kind === "fork" ? FORK_PANEL_HEIGHT : 0;
  const noticeHeight = notice && !fullScreen ? 1 : 0;
  const treeActive = props.active && activity.kind === "none";
  return (
    <Box flexDirection="column">
      <Box display={fullScreen ? "none" : "flex"} flexDirection="column">
        <TreeScreen
          key={view.generation}
          {...props}
          tree={doc.tree}
          rows={rows - panelHeight - noticeHeight}
          active={treeActive}
          onEntryCommand={onEntryCommand}
          initialSelectedId={view.focusId}
        />
      </Box>
      {notice && !fullScreen && (
        <Text wrap="truncate" color={notice.error ? "red" : "green"}>{` ${sanitizeInline(notice.text)}`}</Text>
      )}
      {activity.kind === "branch" && (
        <BranchFlow
          document={doc}
          plan={activity.plan}
          profile={profile}
          width={columns}
          height={rows - 1}
          active={props.active}
          onClose={close}
          onCommitted={onCommitted}
        />
      )}
      {activity.kind === "label" && (
        <LabelEditor
          document={doc}
          targetId={activity.targetId}
          profile={profile}
          width={columns}
          active={props.active}
          onClose={close}
          onCommitted={onCommitted}
        />
      )}
      {activity.kind === "fork" && (
        <CommitConfirm
          lines={activity.plan.lines}
          width={columns}
          height={FORK_PANEL_HEIGHT}
          active={props.active}
          verb="create the new file"
          commit={() => writeFork(doc.path, activity.plan.fork)}
          onCommitted={onCommitted}
          onCancel={close}
        />
      )}
    </Box>
  );
}
