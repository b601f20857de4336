// The picker screen as a dumb view: everything it draws comes from props.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { emptyMessage } from "./empty-message.js";
import type { PickerLayout } from "./layout.js";
import { isLoadingAll, selectedSession, type PickerState } from "./picker-state.js";
import { PickerHeader } from "./PickerHeader.js";
import { PreviewPane } from "./PreviewPane.js";
import { queryError } from "./search.js";
import { SearchLine } from "./SearchLine.js";
import { listedCost } from "./row-format.js";
import { ListCaption, scrollStatus, SessionList } from "./SessionList.js";
import type { PreviewState } from "./use-session-preview.js";
import { indexProgressLine } from "./index-progress.js";
import type { ContentStatus } from "./use-content-search.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";

export interface PickerViewProps {
  state: PickerState;
  layout: PickerLayout;
  width: number;
  preview: PreviewState;
  now: Date;
  /** A listing failure to show in red on the status line (it may name a path: sanitized here). */
  error?: string;
  /** The content search's index: its build progress (a bar on the status line) and notices. */
  content?: ContentStatus;
}

export function PickerView({ state, layout, width, preview, now, error, content }: PickerViewProps) {
  const list = (
    <Box flexDirection="column" width={layout.listWidth}>
      {layout.showHints ? <ListCaption width={layout.listWidth} count={state.rows.length} cost={listedCost(state.rows.map((r) => r.session))} /> : null}
      <SessionList
        rows={state.rows}
        selected={state.selected}
        scrollTop={state.scrollTop}
        height={layout.listHeight}
        width={layout.listWidth}
        showPath={state.showPath}
        showCwd={state.scope === "all"}
        now={now}
        emptyMessage={emptyMessage(state)}
      />
    </Box>
  );
  const pane =
    layout.preview === "none" ? null : (
      <PreviewPane session={selectedSession(state)} state={preview} placement={layout.preview} width={layout.previewWidth} height={layout.previewHeight} />
    );
  // A listing failure outranks a note about vanished sessions. Both carry untrusted text: the error a
  // path from the file system, the note session titles.
  const shown = error ?? state.note ?? undefined;
  const message = shown === undefined ? undefined : sanitizeInline(shown);
  const indexing = content?.indexing ? truncateToWidth(`  ${indexProgressLine(content.indexing, Math.max(10, width - 2))}`, width) : undefined;
  // The index's notice (no SQLite, a cache it could not use) while a query is typed: it says why content hits may be missing.
  const notice = state.query && content?.notice ? truncateToWidth(`  ${sanitizeInline(content.notice)}`, width) : undefined;
  const status = message ? truncateToWidth(`  ${message}`, width) : (indexing ?? notice ?? scrollStatus(state.rows.length, state.selected, state.scrollTop, layout.listHeight));
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      {layout.showTitle ? (
        <PickerHeader scope={state.scope} sort={state.sort} nameFilter={state.nameFilter} showPath={state.showPath} loading={isLoadingAll(state)} showHints={layout.showHints} width={width} />
      ) : null}
      {layout.showSearch ? <SearchLine query={state.query} error={queryError(state.query)} width={width} /> : null}
      {layout.preview === "right" ? (
        <Box flexDirection="row">
          {list}
          <Box width={1} />
          <Box flexDirection="column" width={layout.previewWidth}>
            {pane}
          </Box>
        </Box>
      ) : (
        list
      )}
      {layout.preview === "below" ? (
        <Box flexDirection="column" height={layout.listHeight - Math.min(layout.listHeight, Math.max(1, state.rows.length - state.scrollTop))} />
      ) : null}
      {layout.showStatus ? (
        <Text {...(error ? theme.error : message ? theme.warning : theme.dim)} wrap="truncate">
          {status || " "}
        </Text>
      ) : null}
      {layout.preview === "below" ? pane : null}
    </Box>
  );
}
