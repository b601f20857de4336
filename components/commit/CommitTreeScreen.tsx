// The tree screen with writes: Enter (branch navigation + summary), Shift+L (label), Shift+F (fork)
// and Shift+C (compaction) on the selected entry. It owns the session document (tree + snapshot),
// opens the flow for a command, and after a commit shows the re-read file with the cursor on the
// new entry (also when another screen of the app wrote to the file). It notices when the file
// changes on disk (pi appending while the user reads) and reloads it on Ctrl+R.
import { useCallback, useEffect, useState } from "react";
import { Box, Text, useApp } from "ink";
import { countNoun, formatCount, planBranch, type FileSnapshot, type PendingExactLoad, type SessionTree } from "../../src/engine/index.js";
import type { AppEnv } from "../app/screens.js";
import { BranchFlow } from "../branch/BranchFlow.js";
import type { NavigationPlan } from "../branch/plan-lines.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { LABEL_EDITOR_HEIGHT, LabelEditor } from "../label/LabelEditor.js";
import { TreeScreen, type TreeScreenProps } from "../tree/TreeScreen.js";
import type { EntryCommand } from "../tree/tree-keys.js";
import { CommitConfirm } from "./CommitConfirm.js";
import { CompactionCommitScreen } from "./CompactionCommit.js";
import { wrapConfirmLines } from "./confirm-lines.js";
import { writeFork, type Committed } from "./commit-io.js";
import { exportPathToHtml } from "../export/export-path.js";
import { planFork, type ForkPlan } from "./fork-plan.js";
import { reloadFocus } from "./reload-focus.js";
import { readDocument, type SessionDocument } from "./session-document.js";
import { onSessionWritten } from "./session-writes.js";
import { useExactLoad } from "./use-exact-load.js";
import { fileChangeNotice, useFileChange } from "./use-file-change.js";
import { loadCommitSettings, type CommitSettings } from "./user-settings.js";
import { HANDOFF_PANEL_HEIGHT, HandoffChoice } from "../handoff/HandoffChoice.js";
import { handoffTargetOf, opensAt, piHandoffNow, type HandoffTarget } from "../handoff/start-handoff.js";
import { piLabel } from "../summarizer/summarizer-offer.js";
import { findUserPi } from "../summarizer/use-user-pi.js";

export interface CommitTreeScreenProps extends TreeScreenProps {
  /** Where the app runs: a fork resolves the session's cwd against it; pi's settings are read from it. */
  env: AppEnv;
  /** How the file looked when `tree` was read; without it the first commit checks a fresh read against the tree. */
  snapshot?: FileSnapshot;
  /** Set when `tree` is a first look at a large file: the exact load to run (use-exact-load.ts). */
  pending?: PendingExactLoad;
  /** Ctrl+K: also hands over the snapshot of the tree shown, so the preview's `w` writes guarded. */
  onCompactionPreview?: (tree: SessionTree, entryId: string, snapshot?: FileSnapshot) => void;
}

type Activity =
  | { kind: "none" }
  | { kind: "branch"; plan: NavigationPlan; settings: CommitSettings }
  | { kind: "label"; targetId: string }
  | { kind: "fork"; plan: ForkPlan }
  | { kind: "compact"; leafId: string; settings: CommitSettings }
  /** Shift+O on an entry that is not pi's leaf: how to write the move before pi opens. */
  | { kind: "handoff"; entryId: string };

interface Notice {
  text: string;
  error: boolean;
}

const FORK_PANEL_HEIGHT = 5;

const droppedText = (count: number): string => (count === 1 ? "1 entry on a damaged line" : `${formatCount(count)} entries on damaged lines`);

/** A row of the first look that the exact read dropped (a damaged line pi skips). */
const droppedEntryNotice = (entryId: string): Notice => ({
  text: `Entry ${entryId} is on a damaged line that pi skips; the tree now shows the file as pi reads it.`,
  error: true,
});

export function CommitTreeScreen(props: CommitTreeScreenProps) {
  const { profile, columns, rows, env } = props;
  const [doc, setDoc] = useState<SessionDocument>(() => ({ path: props.path, tree: props.tree, snapshot: props.snapshot, pending: props.pending }));
  const [notice, setNotice] = useState<Notice | null>(null);
  const replaceFirstLook = useCallback((exact: SessionDocument, dropped: number) => {
    // The first look it was made for, not a document read since (Ctrl+R, a commit).
    setDoc((current) => (current.pending !== undefined && current.snapshot === exact.snapshot ? exact : current));
    // A notice the same key sets next (the command that finished the read) says more: it wins.
    if (dropped > 0) setNotice({ text: `Lines checked: ${droppedText(dropped)}, which pi skips, ${dropped === 1 ? "is" : "are"} gone from the tree.`, error: true });
  }, []);
  const exactDoc = useExactLoad(doc, replaceFirstLook);
  const [activity, setActivity] = useState<Activity>({ kind: "none" });
  const [reloaded, setReloaded] = useState<TreeScreenProps["reloadFocus"]>(undefined);
  // Set while a write made for Shift+O is under way: after it, pi opens (this file, or the fork).
  const [handoffAfter, setHandoffAfter] = useState<HandoffTarget | null>(null);
  const { exit } = useApp();
  const openInPi = (target: HandoffTarget) => {
    const outcome = piHandoffNow(target, findUserPi(env), env.cwd);
    if (outcome.ok) exit();
    else setNotice({ text: outcome.message, error: false });
  };

  // The re-read file after a write (here or on another screen): the same tree screen, so the view
  // (filter, search, folds, find hits, label times) is kept, with the cursor on `focusId`.
  const show = useCallback((document: SessionDocument, focusId: string | undefined) => {
    setDoc(document);
    setReloaded({ tree: document.tree, entryId: focusId ?? null });
  }, []);
  useEffect(() => onSessionWritten(props.path, (write) => show(write.document, write.focusId)), [props.path, show]);
  const fileChange = useFileChange(doc.snapshot);
  // News of the file outranks an older notice ("Reloaded…", "Wrote…"): pi may append right after.
  useEffect(() => {
    if (fileChange !== null) setNotice(null);
  }, [fileChange]);

  const reload = (entryId: string | null) => {
    const fresh = readDocument(doc.path, profile);
    if (!fresh.ok) return setNotice({ text: fresh.message, error: true });
    // Counted against the exact read of what was shown, not a first look at it.
    const added = fresh.value.tree.loaded.entries.length - exactDoc().tree.loaded.entries.length;
    // No remount: the tree keeps the user's search, filter and folds over the new entries.
    setDoc(fresh.value);
    // With no row selected (a search that matches nothing) the view is simply kept.
    if (entryId !== null) setReloaded({ tree: fresh.value.tree, entryId: reloadFocus(doc.tree, fresh.value.tree, entryId) ?? null });
    const what = added > 0 ? countNoun(added, "new entry") : added < 0 ? `${countNoun(-added, "entry")} fewer` : "no new entries";
    setNotice({ text: `Reloaded from disk: ${what}.`, error: false });
  };

  const onEntryCommand = (command: EntryCommand, entryId: string) => {
    setNotice(null);
    // Every command plans on the exact file, never on a first look (which may show a damaged line).
    const exact = exactDoc();
    // /compact works at pi's leaf; the others at the selected entry, which must be in the file.
    if (command !== "compact" && !exact.tree.byId.has(entryId)) return setNotice(droppedEntryNotice(entryId));
    switch (command) {
      case "openInPi":
        // pi opens at the file's last entry: at pi's leaf right away, elsewhere the move is written first.
        if (opensAt(exact.tree, entryId)) return openInPi(handoffTargetOf(exact.path, exact.tree));
        return setActivity({ kind: "handoff", entryId });
      case "editLabel":
        return setActivity({ kind: "label", targetId: entryId });
      case "export": {
        const done = exportPathToHtml(exact.tree, doc.path, entryId, env.cwd, profile);
        return setNotice(done.ok ? { text: `Exported the path to ${entryId} (${done.items} items) as ${done.path}`, error: false } : { text: done.message, error: true });
      }
      case "compact": {
        // pi's /compact works at pi's leaf, wherever the cursor is (the preview, Ctrl+K, picks any entry).
        const leafId = exact.tree.leafId;
        if (leafId === null) return setNotice({ text: "The session has no entries; there is nothing to compact.", error: false });
        return setActivity({ kind: "compact", leafId, settings: loadCommitSettings(env, profile, exact.tree, leafId) });
      }
      case "fork": {
        const fork = planFork(exact, entryId, profile, { cwd: env.cwd, home: env.home });
        if (fork.ok) setActivity({ kind: "fork", plan: fork.value });
        else setNotice({ text: fork.message, error: true });
        return;
      }
      case "navigate": {
        const settings = loadCommitSettings(env, profile, exact.tree, exact.tree.leafId);
        const plan = planBranch({ byId: exact.tree.byId, oldLeafId: exact.tree.leafId, targetId: entryId, budget: settings.branchBudget, profile });
        if (plan.kind === "same-leaf") setNotice({ text: "Already at this point (the selected entry is the leaf); nothing to do, as in pi.", error: false });
        else if (plan.kind === "not-found") setNotice({ text: plan.error, error: true });
        else setActivity({ kind: "branch", plan, settings });
        return;
      }
    }
  };

  const close = useCallback(() => (setActivity({ kind: "none" }), setHandoffAfter(null)), []);
  const onCommitted = useCallback(
    (committed: Committed) => {
      setActivity({ kind: "none" });
      setNotice({ text: committed.message, error: false });
      if (committed.document) show(committed.document, committed.focusId);
      if (handoffAfter) {
        setHandoffAfter(null);
        openInPi(handoffAfter.file === doc.path && committed.document ? handoffTargetOf(committed.document.path, committed.document.tree) : handoffAfter);
      }
    },
    // openInPi reads only env and the notice setter, which do not change while the screen is up.
    [show, handoffAfter, doc.path],
  );
  const chooseHandoff = (entryId: string, choice: "summarize" | "fork") => {
    const exact = exactDoc();
    if (choice === "fork") {
      const fork = planFork(exact, entryId, profile, { cwd: env.cwd, home: env.home });
      if (!fork.ok) return (setActivity({ kind: "none" }), setNotice({ text: fork.message, error: true }));
      setHandoffAfter({ file: fork.value.out, cwd: fork.value.fork.header.cwd });
      return setActivity({ kind: "fork", plan: fork.value });
    }
    const settings = loadCommitSettings(env, profile, exact.tree, exact.tree.leafId);
    const plan = planBranch({ byId: exact.tree.byId, oldLeafId: exact.tree.leafId, targetId: entryId, budget: settings.branchBudget, profile });
    if (plan.kind !== "plan") return (setActivity({ kind: "none" }), setNotice({ text: plan.kind === "not-found" ? plan.error : "Already at pi's leaf.", error: true }));
    setHandoffAfter(handoffTargetOf(exact.path, exact.tree));
    setActivity({ kind: "branch", plan, settings });
  };

  // The notice stays until the next key, which still reaches the tree.
  useKeyLayer("screen", () => (setNotice(null), false), props.active && notice !== null && activity.kind === "none");

  const fullScreen = activity.kind === "branch" || activity.kind === "compact";
  // The fork's lines wrap (its path is long): the panel grows to show them, up to half the screen.
  const forkHeight = activity.kind === "fork" ? Math.min(Math.max(FORK_PANEL_HEIGHT, wrapConfirmLines(activity.plan.lines, columns).length + 1), Math.max(FORK_PANEL_HEIGHT, Math.floor(rows / 2))) : 0;
  const panelHeight = activity.kind === "label" ? LABEL_EDITOR_HEIGHT : activity.kind === "fork" ? forkHeight : activity.kind === "handoff" ? HANDOFF_PANEL_HEIGHT : 0;
  const banner = notice ?? (fileChange ? { text: fileChangeNotice(fileChange, "Ctrl+R"), error: fileChange.state === "unreadable" } : null);
  const noticeHeight = banner && !fullScreen ? 1 : 0;
  return (
    <Box flexDirection="column">
      <Box display={fullScreen ? "none" : "flex"} flexDirection="column">
        <TreeScreen
          {...props}
          tree={doc.tree}
          rows={rows - panelHeight - noticeHeight}
          active={props.active && activity.kind === "none"}
          onEntryCommand={onEntryCommand}
          checking={doc.pending !== undefined}
          onReload={reload}
          onCompactionPreview={
            props.onCompactionPreview &&
            ((_, entryId) => {
              const exact = exactDoc();
              if (exact.tree.byId.has(entryId)) props.onCompactionPreview?.(exact.tree, entryId, exact.snapshot);
              else setNotice(droppedEntryNotice(entryId));
            })
          }
          onRecall={props.onRecall && (() => props.onRecall?.(exactDoc().tree))}
          reloadFocus={reloaded}
        />
      </Box>
      {banner && !fullScreen && (
        <Text wrap="truncate" color={banner.error ? "red" : banner === notice ? "green" : "yellow"}>{` ${sanitizeInline(banner.text)}`}</Text>
      )}
      {activity.kind === "branch" && (
        <BranchFlow
          document={doc}
          plan={activity.plan}
          budget={activity.settings.branchBudget}
          skipPrompt={activity.settings.skipPrompt}
          profile={profile}
          width={columns}
          height={rows - 1}
          active={props.active}
          onClose={close}
          onCommitted={onCommitted}
          env={env}
        />
      )}
      {activity.kind === "compact" && (
        <CompactionCommitScreen
          title="  Compaction (what pi's /compact would append now)"
          file={doc.path}
          tree={doc.tree}
          snapshot={doc.snapshot}
          profile={profile}
          leafId={activity.leafId}
          settings={activity.settings.compaction}
          width={columns}
          height={rows - 1}
          active={props.active}
          onCancel={close}
          onCommitted={onCommitted}
          env={env}
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
      {activity.kind === "handoff" && (
        <HandoffChoice
          entryId={activity.entryId}
          leafId={doc.tree.leafId}
          piLabel={piLabel(findUserPi(env), undefined)}
          width={columns}
          active={props.active}
          onChoose={(choice) => chooseHandoff(activity.entryId, choice)}
          onCancel={close}
        />
      )}
      {activity.kind === "fork" && (
        <CommitConfirm
          lines={activity.plan.lines}
          width={columns}
          height={forkHeight}
          active={props.active}
          verb="create the new file"
          commit={() => writeFork(activity.plan.out, activity.plan.fork)}
          onCommitted={onCommitted}
          onCancel={close}
        />
      )}
    </Box>
  );
}
