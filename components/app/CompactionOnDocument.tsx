// The compaction preview over the document of its file: the preview shows the file as it was when it
// was computed; when pi appends meanwhile, a line says so and Ctrl+R computes it again (the stack
// replaces the screen's tree). Its `w` commits through the same owner as the tree below.
import { Box } from "ink";
import { lazyScreen } from "../kit/lazy-screen.js";
import type { Committed, SessionDocument } from "../document/session-document.js";
import { StaleLine, staleText } from "../document/StaleLine.js";
import { useDocument } from "../document/use-document.js";
import type { HelpGroupId } from "./help-keys.js";
import { ScreenArea, useScreenSize } from "../kit/app-context.js";
import type { Screen } from "./screens.js";

// Loaded on first open: the first frame of a tree never shows it (kit/lazy-screen.tsx, not React.lazy).
export const CompactionPreviewScreen = lazyScreen(() => import("../compaction/CompactionPreviewScreen.js").then((m) => m.CompactionPreviewScreen));

export interface CompactionOnDocumentProps {
  screen: Extract<Screen, { kind: "compaction" }>;
  active: boolean;
  onBack: () => void;
  onHelp: (group: HelpGroupId) => void;
  onRecompute: (document: SessionDocument) => void;
  onWritten?: (committed: Committed) => void;
}

export function CompactionOnDocument({ screen, onRecompute, ...frame }: CompactionOnDocumentProps) {
  const { store, state } = useDocument(screen.file);
  const { rows } = useScreenSize();
  const basis = screen.document;
  const stale = basis !== undefined && state.status === "open" ? staleText(basis, state.doc) : null;
  return (
    <Box flexDirection="column">
      <StaleLine
        text={stale}
        active={frame.active}
        onRecompute={() => {
          const current = store.exact();
          if (current) onRecompute(current);
        }}
      />
      {/* The stale line takes a row from the preview. */}
      <ScreenArea rows={rows - (stale === null ? 0 : 1)}>
        <CompactionPreviewScreen
          key={screen.generation ?? 0}
          {...frame}
          tree={screen.tree}
          targetId={screen.targetId}
          file={screen.file}
          snapshot={screen.snapshot}
        />
      </ScreenArea>
    </Box>
  );
}
