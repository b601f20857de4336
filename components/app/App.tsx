// The app shell: key router, screen stack (picker and trees), help overlay, terminal size.
// Screens below the top stay mounted but hidden, so going back restores their state.
import { useEffect, useMemo, useReducer, useState } from "react";
import { Box, useApp } from "ink";
import type { FileSnapshot, PendingExactLoad, SessionTree } from "../../src/engine/index.js";
import { DocumentRegistry, DocumentsProvider } from "../document/use-document.js";
import { autoCompactThreshold } from "../commit/user-settings.js";
import { CompactionOnDocument, CompactionPreviewScreen } from "./CompactionOnDocument.js";
import { KeyRouter } from "../kit/key-router.js";
import { lazyScreen } from "../kit/lazy-screen.js";
import type { KeyPress } from "../kit/keys.js";
import { AppContextProvider } from "../kit/app-context.js";
import type { HelpGroupId } from "./help-keys.js";
import { HelpOverlay } from "./HelpOverlay.js";
import { LoadedTreeScreen } from "./LoadedTreeScreen.js";
import { stackReducer } from "./screen-stack.js";
import type { AppEnv, HelpRequest, RenderPicker, Screen, ScreenNav } from "./screens.js";
import { shellKey } from "./help-keys.js";

// Screens the first frame of a tree never shows load on first open, so start-up does not pay for them
// (kit/lazy-screen.tsx: not React.lazy, whose Suspense holds a loaded screen back for 300 ms).
const RecallScreen = lazyScreen(() => import("../recall/RecallScreen.js").then((m) => m.RecallScreen));
const TimelineScreen = lazyScreen(() => import("../timeline/TimelineScreen.js").then((m) => m.TimelineScreen));
/** After the first frame has settled: then a lazily loaded screen's first frame does not wait for its import. */
const PRELOAD_AFTER_MS = 1000;
/**
 * The help group a screen's `?` opens at when the screen does not name one; the tree's keys head the
 * help, and the picker (whose `?` types) opens it at the top.
 */
const SCREEN_HELP: Record<Screen["kind"], HelpGroupId | undefined> = { picker: undefined, tree: "tree", recall: "recallResults", compaction: "preview", timeline: "timeline" };

export interface AppProps {
  env: AppEnv;
  /** The first screen: a tree for a file, or the picker. */
  initial: Screen;
  /** The tree of the initial file when the launcher already read it. */
  initialTree?: SessionTree;
  /** How the initial file looked when the launcher read it (commits refuse when it changed). */
  initialSnapshot?: FileSnapshot;
  /** When the launcher took a first look at the initial file: the exact load still to run. */
  initialPending?: PendingExactLoad;
  renderPicker?: RenderPicker;
  /** False when stdin is not a terminal: nothing listens for keys. */
  interactive?: boolean;
}

export function App(props: AppProps) {
  const { exit } = useApp();
  // Ctrl+C that no screen uses (the tree uses it like Esc, as pi does) quits, so the app can always be left.
  const onUnhandled = (key: KeyPress) => (shellKey(key.name) === "quit" ? (exit(), true) : false);
  // One owner per open file for the whole app (components/document): the tree and the preview over it share it.
  const [registry] = useState(() => new DocumentRegistry(props.env.profile, { autoCompactThreshold: (tree) => autoCompactThreshold(props.env, tree) }));
  return (
    <KeyRouter active={props.interactive ?? true} onUnhandled={onUnhandled}>
      <DocumentsProvider registry={registry}>
        <AppContextProvider env={props.env}>
          <Shell {...props} />
        </AppContextProvider>
      </DocumentsProvider>
    </KeyRouter>
  );
}

function Shell({ initial, initialTree, initialSnapshot, initialPending, renderPicker }: AppProps) {
  const { exit } = useApp();
  const [stack, dispatch] = useReducer(stackReducer, { screens: [initial], done: false });
  // Open help and the group it starts at (undefined: the top).
  const [help, setHelp] = useState<{ startAt?: HelpGroupId } | null>(null);
  const helpOpen = help !== null;
  const nav = useMemo<ScreenNav>(
    () => ({
      openTree: (path, entryId) => dispatch({ type: "openTree", path, entryId }),
      back: () => dispatch({ type: "back" }),
      quit: () => dispatch({ type: "quit" }),
    }),
    [],
  );
  useEffect(() => {
    if (stack.done) exit();
  }, [stack.done, exit]);
  // The preview and recall (one key from the tree) are imported once the first frame is out, in the
  // background: some 25 ms of the main thread. Not the timeline, whose chunk (the chart) takes ~80 ms.
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const screen of [CompactionPreviewScreen, RecallScreen]) void screen.preload();
    }, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (stack.done) return null;

  const top = stack.screens.length - 1;
  return (
    <Box flexDirection="column">
      {stack.screens.map((screen, i) => {
        const active = i === top && !helpOpen;
        const onHelp: HelpRequest = (group) => setHelp({ startAt: group ?? SCREEN_HELP[screen.kind] });
        // What every screen gets from the shell (env, profile, size and theme come from the app context).
        const frame = { active, onBack: nav.back, onHelp };
        return (
          <Box key={i} display={active ? "flex" : "none"} flexDirection="column">
            {screen.kind === "picker"
              ? renderPicker?.({ nav, active, onHelp })
              : screen.kind === "recall"
              ? <RecallScreen
                  {...frame}
                  tree={screen.tree}
                  path={screen.path}
                  onJump={(entryId) => dispatch({ type: "recallJump", entryId })}
                />
              : screen.kind === "timeline"
              ? <TimelineScreen
                  {...frame}
                  tree={screen.tree}
                  entryId={screen.entryId}
                  path={screen.path}
                  onJump={(entryId) => dispatch({ type: "recallJump", entryId })}
                />
              : screen.kind === "compaction"
              ? <CompactionOnDocument
                  {...frame}
                  screen={screen}
                  onRecompute={(document) => dispatch({ type: "recomputeCompaction", document })}
                  // The tree below shows the new entry already: the commit went through the file's owner.
                  onWritten={nav.back}
                />
              : (
                <LoadedTreeScreen
                  {...frame}
                  path={screen.path}
                  seed={i === 0 && initialTree ? { tree: initialTree, snapshot: initialSnapshot, pending: initialPending } : undefined}
                  onCompactionPreview={(document, targetId) =>
                    dispatch({ type: "openCompaction", file: screen.path, tree: document.tree, targetId, snapshot: document.snapshot, document })}
                  onRecall={(tree) => dispatch({ type: "openRecall", path: screen.path, tree })}
                  onTimeline={(tree, entryId) => dispatch({ type: "openTimeline", path: screen.path, tree, entryId })}
                  reveal={screen.reveal}
                  revealOnOpen={screen.revealOnOpen}
                />
              )}
          </Box>
        );
      })}
      {help && <HelpOverlay startAt={help.startAt} onClose={() => setHelp(null)} />}
    </Box>
  );
}
