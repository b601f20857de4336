// The tree of an open session plus its activity panels: Enter (branch navigation + summary),
// Shift+L (label), Shift+F (fork) and Shift+C (compaction) on the selected entry. The document
// (components/document) owns the file: the read, the exact load, following pi's appends, reload and
// commits; this screen shows what it says. A panel keeps the document it was planned on, so pi's
// appends never change it under the user: a line says so and Ctrl+R plans again.
import { useCallback, useEffect, useRef, useState } from "react";
import { Box, Text, useApp } from "ink";
import { countNoun, formatCount, planBranch, type SessionTree } from "../../src/engine/index.js";
import { ScreenArea, useAppEnv, useProfile, useScreenSize, useTheme } from "../kit/app-context.js";
import { BranchFlow } from "../branch/BranchFlow.js";
import type { NavigationPlan } from "../branch/plan-lines.js";
import type { DocumentNews, DocumentStore } from "../document/document-store.js";
import { fileChangeNotice, rereadNotice } from "../document/notices.js";
import type { Committed, SessionDocument } from "../document/session-document.js";
import { StaleLine, staleText } from "../document/StaleLine.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { LABEL_EDITOR_HEIGHT, LabelEditor } from "../label/LabelEditor.js";
import { TreeScreen, type TreeScreenProps } from "../tree/TreeScreen.js";
import type { EntryCommand } from "../tree/tree-keys.js";
import { CommitConfirm } from "./CommitConfirm.js";
import { CompactionCommitScreen } from "./CompactionCommit.js";
import { wrapConfirmLines } from "./confirm-lines.js";
import { writeFork } from "../document/commit-to-file.js";
import { exportPathToHtml } from "../export/export-path.js";
import { planFork, type ForkPlan } from "./fork-plan.js";
import { reloadFocus } from "./reload-focus.js";
import { loadCommitSettings, type CommitSettings } from "./user-settings.js";
import { HANDOFF_PANEL_HEIGHT, HandoffChoice } from "../handoff/HandoffChoice.js";
import { handoffTargetOf, opensAt, piHandoffNow, type HandoffTarget } from "../handoff/start-handoff.js";
import { piLabel } from "../summarizer/summarizer-offer.js";
import { findUserPi } from "../summarizer/use-user-pi.js";

/** The open document a screen shows: its owner and the owner's state. */
export interface OpenDocument {
  store: DocumentStore;
  doc: SessionDocument;
  live: boolean;
  threshold?: number;
  news: DocumentNews | null;
}

export interface CommitTreeScreenProps extends Omit<TreeScreenProps, "tree" | "path" | "checking" | "live" | "onCompactionPreview" | "onRecall"> {
  document: OpenDocument;
  /** Ctrl+K: the compaction preview on the exact document, so the preview's `w` writes guarded. */
  onCompactionPreview?: (document: SessionDocument, entryId: string) => void;
  /** `/`: recall over the exact tree. */
  onRecall?: (tree: SessionTree) => void;
}

/** What a panel was planned on, and the command that planned it (Ctrl+R plans it again). */
interface Planned {
  basis: SessionDocument;
  command: EntryCommand;
  entryId: string;
  /** Tells plans apart: a plan made again is a new panel, not the old one with new props. */
  seq: number;
}

type Activity =
  | { kind: "none" }
  | (Planned & { kind: "branch"; plan: NavigationPlan; settings: CommitSettings })
  | (Planned & { kind: "label"; targetId: string })
  | (Planned & { kind: "fork"; plan: ForkPlan })
  | (Planned & { kind: "compact"; leafId: string; settings: CommitSettings })
  /** Shift+O on an entry that is not pi's leaf: how to write the move before pi opens. */
  | (Planned & { kind: "handoff"; entryId: string });

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

/** The notice of a paused tree: how the file changed since `held`, which the tree still shows. */
function heldNotice(held: SessionDocument, now: SessionDocument): string {
  const grewBy = (now.snapshot?.size ?? 0) - (held.snapshot?.size ?? 0);
  const reread = (held.read ?? 0) !== (now.read ?? 0);
  return fileChangeNotice({ state: "changed", grewBy: reread ? 0 : grewBy }, "Ctrl+R");
}

export function CommitTreeScreen(props: CommitTreeScreenProps) {
  const { document } = props;
  // Where the app runs (a fork resolves the session's cwd against it; pi's settings are read from it),
  // the pi release and the screen's size: from the app context.
  const env = useAppEnv();
  const profile = useProfile();
  const { columns, rows } = useScreenSize();
  const theme = useTheme();
  const { store, doc } = document;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [activity, setActivity] = useState<Activity>({ kind: "none" });
  const [reloaded, setReloaded] = useState<TreeScreenProps["reloadFocus"]>(undefined);
  // Shift+P pauses the live tree: it holds this document while pi appends, a notice says how much the
  // file grew, and Ctrl+R (or Shift+P again) shows the file as it is now.
  const [held, setHeld] = useState<SessionDocument | null>(null);
  const shown = held ?? doc;
  // Set while a write made for Shift+O is under way: after it, pi opens (this file, or the fork).
  const [handoffAfter, setHandoffAfter] = useState<HandoffTarget | null>(null);
  const { exit } = useApp();
  const openInPi = (target: HandoffTarget) => {
    const outcome = piHandoffNow(target, findUserPi(env), env.cwd);
    if (outcome.ok) exit();
    else setNotice({ text: outcome.message, error: false });
  };
  const plans = useRef(0);
  const handled = useRef<DocumentNews | null>(null);
  // A commit made while this screen is on top came from its own panel (onCommitted places the cursor);
  // one made by a screen above it (the compaction preview) puts the cursor on the new leaf here.
  const shownOnTop = useRef(props.active);
  useEffect(() => {
    shownOnTop.current = props.active;
  });

  // What the document does, as it happens: each piece of news once. A command that finishes the
  // exact load gets its news first and its own notice after, which then wins.
  useEffect(
    () =>
      store.subscribe(() => {
        const state = store.getState();
        const news = state.status === "open" ? state.news : null;
        if (news === null || state.status !== "open" || news === handled.current) return;
        handled.current = news;
        if (news.kind === "committed") {
          // The same tree screen over the file with the commit: the view (filter, search, folds) is kept.
          // A paused tree shows the file with the commit too (what the user wrote is never held back).
          setHeld((h) => h && state.doc);
          if (!shownOnTop.current) setReloaded({ tree: state.doc.tree, entryId: news.focusId });
        } else if (news.kind === "exact") setHeld((h) => (h?.pending ? state.doc : h));
        if (news.kind === "exact" && news.dropped > 0) {
          const n = news.dropped;
          setNotice({ text: `Lines checked: ${droppedText(n)}, which pi skips, ${n === 1 ? "is" : "are"} gone from the tree.`, error: true });
        } else if (news.kind === "reread") setNotice({ text: rereadNotice(news.cause, news.added), error: true });
        else if (news.kind === "unreadable") setNotice({ text: fileChangeNotice({ state: "unreadable", message: news.message }, "Ctrl+R"), error: true });
        else if (news.kind === "appended") setNotice((n) => (n?.error ? n : null));
      }),
    [store],
  );

  /** The exact document now (finishing the exact load of a first look at once). */
  const exactNow = (): SessionDocument => store.exact() ?? doc;

  const reload = (entryId: string | null) => {
    const result = store.reload();
    if (!result.ok) return setNotice({ text: result.message, error: true });
    // Paused, the new entries are counted from what the tree showed; it stays paused on the new read.
    const before = held ?? result.value.before;
    const after = result.value.after;
    if (held) setHeld(after);
    const added = after.tree.loaded.entries.length - before.tree.loaded.entries.length;
    // With no row selected (a search that matches nothing) the view is simply kept.
    if (entryId !== null) setReloaded({ tree: after.tree, entryId: reloadFocus(before.tree, after.tree, entryId) ?? null });
    const what = added > 0 ? countNoun(added, "new entry") : added < 0 ? `${countNoun(-added, "entry")} fewer` : "no new entries";
    setNotice({ text: `Reloaded from disk: ${what}.`, error: false });
  };

  const onEntryCommand = (command: EntryCommand, entryId: string) => {
    setNotice(null);
    // Every command plans on the exact file, never on a first look (which may show a damaged line).
    const exact = exactNow();
    const planned = { basis: exact, command, entryId, seq: ++plans.current };
    // /compact works at pi's leaf; the others at the selected entry, which must be in the file.
    if (command !== "compact" && !exact.tree.byId.has(entryId)) return setNotice(droppedEntryNotice(entryId));
    switch (command) {
      case "openInPi":
        // pi opens at the file's last entry: at pi's leaf right away, elsewhere the move is written first.
        if (opensAt(exact.tree, entryId)) return openInPi(handoffTargetOf(exact.path, exact.tree));
        return setActivity({ ...planned, kind: "handoff", entryId });
      case "export": {
        const done = exportPathToHtml(exact.tree, doc.path, entryId, env.cwd, profile);
        return setNotice(done.ok ? { text: `Exported the path to ${entryId} (${done.items} items) as ${done.path}`, error: false } : { text: done.message, error: true });
      }
      case "editLabel":
        return setActivity({ ...planned, kind: "label", targetId: entryId });
      case "compact": {
        // pi's /compact works at pi's leaf, wherever the cursor is (the preview, Ctrl+K, picks any entry).
        const leafId = exact.tree.leafId;
        if (leafId === null) return setNotice({ text: "The session has no entries; there is nothing to compact.", error: false });
        return setActivity({ ...planned, kind: "compact", leafId, settings: loadCommitSettings(env, profile, exact.tree, leafId) });
      }
      case "fork": {
        const fork = planFork(exact, entryId, profile, { cwd: env.cwd, home: env.home });
        if (fork.ok) setActivity({ ...planned, kind: "fork", plan: fork.value });
        else setNotice({ text: fork.message, error: true });
        return;
      }
      case "navigate": {
        const settings = loadCommitSettings(env, profile, exact.tree, exact.tree.leafId);
        const plan = planBranch({ byId: exact.tree.byId, oldLeafId: exact.tree.leafId, targetId: entryId, budget: settings.branchBudget, profile });
        if (plan.kind === "same-leaf") setNotice({ text: "Already at this point (the selected entry is the leaf); nothing to do, as in pi.", error: false });
        else if (plan.kind === "not-found") setNotice({ text: plan.error, error: true });
        else setActivity({ ...planned, kind: "branch", plan, settings });
        return;
      }
    }
  };

  const togglePause = () => {
    setHeld(held ? null : doc);
    setNotice(held ? null : { text: "Live paused: pi's appends are announced here, Ctrl+R shows them, Shift+P resumes.", error: false });
  };

  const close = useCallback(() => (setActivity({ kind: "none" }), setHandoffAfter(null)), []);
  const onCommitted = (committed: Committed) => {
    setActivity({ kind: "none" });
    setNotice({ text: committed.message, error: false });
    // The tree shows the file with the commit, the view kept, the cursor where the panel says (the new leaf, the labelled entry).
    if (committed.document) {
      const written = committed.document;
      setHeld((h) => h && written);
      setReloaded({ tree: written.tree, entryId: committed.focusId ?? null });
    }
    if (handoffAfter) {
      setHandoffAfter(null);
      openInPi(handoffAfter.file === doc.path && committed.document ? handoffTargetOf(committed.document.path, committed.document.tree) : handoffAfter);
    }
  };
  const chooseHandoff = (entryId: string, choice: "summarize" | "fork") => {
    const exact = exactNow();
    const planned = { basis: exact, command: "openInPi" as const, entryId, seq: ++plans.current };
    if (choice === "fork") {
      const fork = planFork(exact, entryId, profile, { cwd: env.cwd, home: env.home });
      if (!fork.ok) return (setActivity({ kind: "none" }), setNotice({ text: fork.message, error: true }));
      setHandoffAfter({ file: fork.value.out, cwd: fork.value.fork.header.cwd });
      return setActivity({ ...planned, kind: "fork", plan: fork.value });
    }
    const settings = loadCommitSettings(env, profile, exact.tree, exact.tree.leafId);
    const plan = planBranch({ byId: exact.tree.byId, oldLeafId: exact.tree.leafId, targetId: entryId, budget: settings.branchBudget, profile });
    if (plan.kind !== "plan") return (setActivity({ kind: "none" }), setNotice({ text: plan.kind === "not-found" ? plan.error : "Already at pi's leaf.", error: true }));
    setHandoffAfter(handoffTargetOf(exact.path, exact.tree));
    setActivity({ ...planned, kind: "branch", plan, settings });
  };
  const recompute = () => {
    if (activity.kind === "none") return;
    close();
    onEntryCommand(activity.command, activity.entryId);
  };

  // The notice stays until the next key, which still reaches the tree.
  useKeyLayer("screen", () => (setNotice(null), false), props.active && notice !== null && activity.kind === "none");

  // While paused, what pi did to the file since the tree held still, in the words of the old notice.
  const heldBack = held === null || held.tree === doc.tree ? null : heldNotice(held, doc);
  const shownNotice = notice ?? (heldBack === null ? null : { text: heldBack, error: false });
  const stale = activity.kind === "none" ? null : staleText(activity.basis, doc);
  const staleHeight = stale === null ? 0 : 1;
  const fullScreen = activity.kind === "branch" || activity.kind === "compact";
  // The fork's lines wrap (its path is long): the panel grows to show them, up to half the screen.
  const forkHeight = activity.kind === "fork" ? Math.min(Math.max(FORK_PANEL_HEIGHT, wrapConfirmLines(activity.plan.lines, columns).length + 1), Math.max(FORK_PANEL_HEIGHT, Math.floor(rows / 2))) : 0;
  const panelHeight = activity.kind === "label" ? LABEL_EDITOR_HEIGHT : activity.kind === "fork" ? forkHeight : activity.kind === "handoff" ? HANDOFF_PANEL_HEIGHT : 0;
  const noticeHeight = shownNotice && !fullScreen ? 1 : 0;
  return (
    <Box flexDirection="column">
      <Box display={fullScreen ? "none" : "flex"} flexDirection="column">
        <ScreenArea rows={rows - panelHeight - noticeHeight - (fullScreen ? 0 : staleHeight)}>
          <TreeScreen
            {...props}
            tree={shown.tree}
            path={doc.path}
            active={props.active && activity.kind === "none"}
            onEntryCommand={onEntryCommand}
            checking={shown.pending !== undefined}
            live={document.live ? { threshold: document.threshold, paused: held !== null } : undefined}
            onReload={reload}
            onPauseLive={togglePause}
            onCompactionPreview={
              props.onCompactionPreview &&
              ((_, entryId) => {
                const exact = exactNow();
                if (exact.tree.byId.has(entryId)) props.onCompactionPreview?.(exact, entryId);
                else setNotice(droppedEntryNotice(entryId));
              })
            }
            onRecall={props.onRecall && (() => props.onRecall?.(exactNow().tree))}
            reloadFocus={reloaded}
          />
        </ScreenArea>
      </Box>
      {shownNotice && !fullScreen && (
        <Text wrap="truncate" {...(shownNotice.error ? theme.error : theme.success)}>{` ${sanitizeInline(shownNotice.text)}`}</Text>
      )}
      <StaleLine text={stale} active={props.active} onRecompute={recompute} />
      {activity.kind === "branch" && (
        <BranchFlow
          key={activity.seq}
          document={activity.basis}
          plan={activity.plan}
          budget={activity.settings.branchBudget}
          reserveTokens={activity.settings.branchReserveTokens}
          skipPrompt={activity.settings.skipPrompt}
          width={columns}
          height={rows - 1 - staleHeight}
          active={props.active}
          onClose={close}
          onCommitted={onCommitted}
          offerPiSummary
        />
      )}
      {activity.kind === "compact" && (
        <CompactionCommitScreen
          key={activity.seq}
          title="  Compaction (what pi's /compact would append now)"
          file={activity.basis.path}
          tree={activity.basis.tree}
          snapshot={activity.basis.snapshot}
          owner={activity.basis.owner}
          read={activity.basis.read}
          profile={profile}
          leafId={activity.leafId}
          settings={activity.settings.compaction}
          width={columns}
          height={rows - 1 - staleHeight}
          active={props.active}
          onCancel={close}
          onCommitted={onCommitted}
          offerPiSummary
        />
      )}
      {activity.kind === "label" && (
        <LabelEditor
          key={activity.seq}
          document={activity.basis}
          targetId={activity.targetId}
          width={columns}
          active={props.active}
          onClose={close}
          onCommitted={onCommitted}
        />
      )}
      {activity.kind === "handoff" && (
        <HandoffChoice
          key={activity.seq}
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
          key={activity.seq}
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
