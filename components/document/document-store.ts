// The one owner of an open session file: it reads it (a first look at a large file, then the exact
// load in steps after the first frame), keeps the snapshot that guards writes, follows the file while
// pi appends (only the new lines are read and parsed: store/follow.ts), reads it again whole when it
// was rewritten, carries out every commit, and tells every screen showing the file (subscribe).
// Plain TypeScript, no React: components/document/use-document.ts binds it to screens.
import {
  buildTree,
  exactLoadSteps,
  FIRST_LOOK_MIN_BYTES,
  openSessionFile,
  openSessionFileAsync,
  readFollowUpdate,
  releaseFirstLook,
  startFollow,
  statSessionSize,
  watchPath,
  type FollowPoint,
  type LoadedSession,
  type PendingCommit,
  type PiProfile,
  type RewriteCause,
  type SessionOpening,
  type SessionTree,
} from "../../src/engine/index.js";
import { appendPending, wroteMessage } from "./commit-to-file.js";
import { appendedSince, changeSince, type Committed, type DocumentOwner, type Outcome, type SessionDocument } from "./session-document.js";

/** What happened to the document last; screens word it (notice lines) and move their cursor. */
export type DocumentNews =
  /** pi (or another program) appended complete lines; the tree now has `added` more entries. */
  | { kind: "appended"; added: number }
  /** The file could not be followed and was read again whole. */
  | { kind: "reread"; cause: RewriteCause; added: number }
  /** The exact load replaced a first look; `dropped` entries were on damaged lines. */
  | { kind: "exact"; dropped: number }
  /** A commit of the app: the new leaf. */
  | { kind: "committed"; message: string; focusId: string }
  | { kind: "unreadable"; message: string };

export type DocumentState =
  | { status: "opening" }
  | { status: "failed"; reason: string }
  | {
      status: "open";
      doc: SessionDocument;
      /** The file is watched: what pi appends shows without a key. */
      live: boolean;
      /** pi's auto-compaction threshold for the session's model (window - reserveTokens), once followed. */
      threshold?: number;
      /** Bytes of an unfinished last line (pi in the middle of a write), neither shown nor reported yet. */
      waitingBytes: number;
      /** The last change, with a new object each time (an effect can key on it). */
      news: DocumentNews | null;
    };

export interface SeedDocument {
  tree: SessionTree;
  snapshot?: SessionDocument["snapshot"];
  pending?: SessionDocument["pending"];
}

export interface StoreOptions {
  /** pi's auto-compaction threshold for a session (reads the user's settings: called after the open, never in render). */
  autoCompactThreshold?: (tree: SessionTree) => number;
  /** The stat poll beside fs.watch (some file systems send no events). */
  pollMs?: number;
  debounceMs?: number;
}

const DEFAULT_POLL_MS = 250;
const DEFAULT_DEBOUNCE_MS = 15;
const EXACT_TREE_MARK = "pi-explorer:exact-tree";

export class DocumentStore implements DocumentOwner {
  private state: DocumentState;
  private readonly listeners = new Set<() => void>();
  private refs = 0;
  private reads = 0;
  private point: FollowPoint | null = null;
  private stopWatching: (() => void) | null = null;
  private exactRun: { steps: Generator<void, LoadedSession>; timer?: NodeJS.Immediate; firstLookEntries: number; loaded?: LoadedSession } | null = null;
  private disposed = false;

  constructor(
    readonly path: string,
    readonly profile: PiProfile,
    seed?: SeedDocument,
    private readonly options: StoreOptions = {},
  ) {
    this.state = seed ? this.opened({ path, ...seed, owner: this, read: 0 }, null) : { status: "opening" };
  }

  getState = (): DocumentState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A screen shows the file: the first one starts the read (if any) and the watching. */
  retain(): void {
    if (this.refs++ > 0) return;
    this.disposed = false;
    if (this.state.status === "opening") this.open();
    else if (this.state.status === "open") this.afterOpen();
  }

  /** A screen no longer shows the file: the last one stops everything. */
  release(): void {
    if (--this.refs > 0) return;
    this.disposed = true;
    this.stopWatching?.();
    this.stopWatching = null;
    if (this.exactRun?.timer) {
      clearImmediate(this.exactRun.timer);
      this.exactRun.timer = undefined;
    }
  }

  /** The document now, with a first look replaced by its exact load (finished at once if still running). */
  exact(): SessionDocument | undefined {
    if (this.state.status !== "open") return undefined;
    if (this.state.doc.pending !== undefined) this.finishExactLoad();
    return this.state.status === "open" ? this.state.doc : undefined;
  }

  /** Ctrl+R: read the file again whole (the view is kept by the screens). */
  reload(): Outcome<{ before: SessionDocument; after: SessionDocument }> {
    const before = this.exact();
    const fresh = openSessionFile(this.path, this.profile, { read: "exact" });
    if (!fresh.ok) return { ok: false, message: fresh.message };
    const after = this.documentOf(fresh, ++this.reads);
    this.point = null;
    this.set({ ...this.opened(after, null) });
    this.follow();
    return { ok: true, value: { before: before ?? after, after } };
  }

  /**
   * Append a planned commit. Refused when the plan was made on an older document than the one the
   * file now holds (pi appended since): the message offers to plan again.
   */
  commit(basis: SessionDocument, pending: PendingCommit, what: string): Outcome<Committed> {
    // pi may have appended a moment ago, before the watcher said so.
    this.update();
    const current = this.exact();
    if (current === undefined) return { ok: false, message: `${this.path}: the file is not open` };
    const change = basis.tree === current.tree ? null : staleness(basis, current);
    if (change !== null) {
      return {
        ok: false,
        stale: true,
        message: `${this.path}: the file changed since it was read (${change}); nothing was written. Ctrl+R here plans it again on the file as it is now; Ctrl+R in the tree reads it again`,
      };
    }
    // The plan's own snapshot: any other byte that came since (a blank line) is refused by the engine's guard.
    const appended = appendPending(basis.snapshot ? basis : current, pending, this.profile);
    if (!appended.ok) return appended;
    const { newLeafId } = appended.value;
    const message = wroteMessage(what, newLeafId);
    // The commit's own lines come in like pi's: only they are read.
    if (!this.update("commit") || this.state.status !== "open" || this.state.doc.tree.leafId !== newLeafId) {
      const reread = this.reload();
      if (!reread.ok) return { ok: true, value: { message: `${message} (re-reading failed: ${reread.message})` } };
    }
    const now = this.state as Extract<DocumentState, { status: "open" }>;
    this.set({ ...now, news: { kind: "committed", message, focusId: newLeafId } });
    return { ok: true, value: { message, document: now.doc, focusId: newLeafId } };
  }

  /** Look at the file once; true when it held appended lines that are now in the document. */
  update(by: "watch" | "commit" = "watch"): boolean {
    if (this.state.status !== "open" || this.point === null) return false;
    const result = readFollowUpdate(this.point);
    const state = this.state;
    switch (result.kind) {
      case "unchanged":
        if (state.news?.kind === "unreadable") this.set({ ...state, news: null });
        return false;
      case "waiting":
        this.point = result.point;
        if (state.waitingBytes !== result.waitingBytes) this.set({ ...state, waitingBytes: result.waitingBytes });
        return false;
      case "appended": {
        this.point = result.point;
        const doc: SessionDocument = { path: this.path, tree: buildTree(result.point.loaded), snapshot: result.point.snapshot, owner: this, read: this.reads };
        this.set({ ...state, doc, waitingBytes: result.waitingBytes, news: by === "commit" ? state.news : { kind: "appended", added: result.added } });
        return true;
      }
      case "rewritten": {
        const before = state.doc.tree.loaded.entries.length;
        const reread = this.reload();
        if (!reread.ok) {
          this.set({ ...state, news: { kind: "unreadable", message: reread.message } });
          return false;
        }
        const added = reread.value.after.tree.loaded.entries.length - before;
        const now = this.state as Extract<DocumentState, { status: "open" }>;
        this.set({ ...now, news: result.cause === "unfollowable" ? { kind: "appended", added } : { kind: "reread", cause: result.cause, added } });
        return result.cause === "unfollowable";
      }
      case "unreadable":
        if (state.news?.kind !== "unreadable" || state.news.message !== result.message) this.set({ ...state, news: { kind: "unreadable", message: result.message } });
        return false;
    }
  }

  private open(): void {
    // A small file is read and parsed at once, in the effect that mounts the first screen (it costs
    // less than a frame), as is one that cannot be stat'ed (the read words why); a large one off the
    // main thread, then a first look (store/first-look.ts).
    const size = statSessionSize(this.path);
    if (size === undefined || size < FIRST_LOOK_MIN_BYTES) return this.openedWith(openSessionFile(this.path, this.profile, { read: "explorer" }));
    void openSessionFileAsync(this.path, this.profile).then(
      (opening) => this.openedWith(opening),
      (error: unknown) => this.set({ status: "failed", reason: error instanceof Error ? error.message : String(error) }),
    );
  }

  private openedWith(opening: SessionOpening): void {
    if (!opening.ok) return this.set({ status: "failed", reason: opening.reason });
    this.set(this.opened(this.documentOf(opening, this.reads), null));
    if (!this.disposed) this.afterOpen();
  }

  private documentOf(opening: Extract<SessionOpening, { ok: true }>, read: number): SessionDocument {
    return { path: this.path, tree: opening.tree, snapshot: opening.snapshot, pending: opening.pending ?? undefined, owner: this, read };
  }

  private opened(doc: SessionDocument, news: DocumentNews | null): DocumentState {
    return { status: "open", doc, live: false, waitingBytes: 0, news };
  }

  /** Start what an open document needs: the exact load of a first look, then following the file. */
  private afterOpen(): void {
    if (this.state.status !== "open") return;
    if (this.state.doc.pending !== undefined) return this.runExactLoad();
    this.follow();
  }

  private runExactLoad(): void {
    if (this.state.status !== "open" || this.state.doc.pending === undefined) return;
    const doc = this.state.doc;
    const run = (this.exactRun ??= { steps: exactLoadSteps(doc.pending!), firstLookEntries: doc.tree.loaded.entries.length });
    const step = () => {
      run.timer = undefined;
      // Disposed, or finished at once by exact() (which handed over and dropped this run).
      if (this.disposed || this.exactRun !== run) return;
      if (run.loaded !== undefined) return this.handOver(run.loaded, "after");
      const next = run.steps.next();
      // The exact tree takes over in a task of its own: the last step's work and the new tree's
      // first render never hold the main thread together.
      if (next.done) run.loaded = next.value;
      run.timer = setImmediate(step);
    };
    // One chain of steps at a time (retain after release, or exact() while one is queued).
    if (run.timer === undefined) run.timer = setImmediate(step);
  }

  private finishExactLoad(): void {
    if (this.state.status !== "open" || this.state.doc.pending === undefined) return;
    this.runExactLoad();
    const run = this.exactRun!;
    if (run.timer) clearImmediate(run.timer);
    run.timer = undefined;
    let loaded = run.loaded;
    if (loaded === undefined) {
      let next = run.steps.next();
      while (!next.done) next = run.steps.next();
      loaded = next.value;
    }
    this.handOver(loaded, "now");
  }

  /**
   * The exact tree replaces the first look; then the file is followed: `now` (a command needs the
   * exact document at once and may commit on it), or `after`, in a task of its own after the one
   * that draws the exact tree.
   */
  private handOver(loaded: LoadedSession, follow: "now" | "after"): void {
    if (this.state.status !== "open" || this.state.doc.pending === undefined) return;
    const firstLook = this.state.doc;
    const dropped = (this.exactRun?.firstLookEntries ?? loaded.entries.length) - loaded.entries.length;
    this.exactRun = null;
    const exact: SessionDocument = { path: this.path, tree: buildTree(loaded), snapshot: firstLook.snapshot, owner: this, read: firstLook.read };
    this.set({ ...this.state, doc: exact, news: { kind: "exact", dropped } });
    // Nothing shows the first look any more: its bytes can go.
    releaseFirstLook(firstLook.pending!);
    // When the exact tree took over, for `npm run bench` (bench/app-worker.mjs).
    if (performance.getEntriesByName(EXACT_TREE_MARK).length === 0) setImmediate(() => performance.mark(EXACT_TREE_MARK));
    if (this.disposed) return;
    if (follow === "now") this.follow();
    else setImmediate(() => this.follow());
  }

  /** Watch the file (fs.watch and a stat poll); each look reads only what was appended. */
  private follow(): void {
    if (this.state.status !== "open" || this.state.doc.snapshot === undefined || this.disposed) return;
    this.point = startFollow(this.state.doc.tree.loaded, this.state.doc.snapshot, this.profile);
    if (this.stopWatching === null) {
      this.stopWatching = watchPath(this.path, () => this.update(), {
        pollMs: this.options.pollMs ?? DEFAULT_POLL_MS,
        debounceMs: this.options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
      });
    }
    // Once per read of the file: the model at pi's leaf, which picks 1.6's overrides, rarely changes with an append.
    const threshold = this.state.threshold ?? this.options.autoCompactThreshold?.(this.state.doc.tree);
    if (!this.state.live || threshold !== this.state.threshold) this.set({ ...this.state, live: true, threshold });
    // Lines appended between the read and now.
    this.update();
  }

  private set(state: DocumentState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Why a plan made on `basis` no longer fits the file `current` shows, or null when it still does. */
function staleness(basis: SessionDocument, current: SessionDocument): string | null {
  const change = changeSince(basis, current);
  if (change === null) return null;
  return "reread" in change ? "the file was read again since this was planned" : `${appendedSince(change.appended)} since this was planned`;
}
