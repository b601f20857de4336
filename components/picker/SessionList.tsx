// The windowed list: only the rows on screen are formatted and drawn.
import { Text } from "ink";
import { countNoun } from "../../src/engine/index.js";
import type { PickerRow } from "./types.js";
import { formatRow, statsCaption } from "./row-format.js";
import { hasSessionName } from "./display.js";
import { treePrefix } from "./threaded.js";
import { snippetLine } from "./content-search.js";
import { padToWidth, truncateToWidth } from "../kit/text-width.js";
import { useOptionalAppEnv, useTheme } from "../kit/app-context.js";

export interface SessionListProps {
  rows: readonly PickerRow[];
  selected: number;
  scrollTop: number;
  height: number;
  width: number;
  showPath: boolean;
  showCwd: boolean;
  now: Date;
  /** Shown instead of rows when there are none. */
  emptyMessage: string;
}

export function ListCaption({ width, count, cost }: { width: number; count: number; cost?: string }) {
  const caption = statsCaption(width);
  const left = `  ${countNoun(count, "session")}${cost ? ` · ${cost}` : ""}`;
  const theme = useTheme();
  return (
    <Text {...theme.dim} wrap="truncate">
      {padToWidth(left, Math.max(0, width - caption.length))}
      {caption}
    </Text>
  );
}

export function SessionList(props: SessionListProps) {
  // Paths are shortened against the home of where the app runs (the app context).
  const env = useOptionalAppEnv();
  const theme = useTheme();
  const { rows, selected, scrollTop, height, width, now } = props;
  if (rows.length === 0) {
    return (
      <Text {...theme.dim} wrap="truncate">
        {truncateToWidth(props.emptyMessage, width)}
      </Text>
    );
  }
  const end = Math.min(rows.length, scrollTop + height);
  const lines = [];
  for (let i = scrollTop; i < end; i++) {
    const session = rows[i].session;
    const isSelected = i === selected;
    const named = hasSessionName(session);
    const hit = rows[i].hit;
    const parts = formatRow(session, treePrefix(rows, i), isSelected, { showPath: props.showPath, showCwd: props.showCwd, home: env?.home, now, width, snippet: hit ? snippetLine(hit) : undefined });
    lines.push(
      <Text key={session.path} wrap="truncate">
        <Text {...theme.accent}>{parts.cursor}</Text>
        <Text {...theme.dim}>{parts.prefix}</Text>
        <Text {...(isSelected ? theme.selected : theme.plain)} {...(named ? theme.named : isSelected ? theme.accent : theme.plain)}>
          {parts.title}
        </Text>
        <Text {...theme.dim}>{parts.location}</Text>
        {parts.snippet.before ? <Text {...theme.dim}>{parts.snippet.before}</Text> : null}
        {parts.snippet.mark ? (
          <Text {...theme.match}>
            {parts.snippet.mark}
          </Text>
        ) : null}
        {parts.snippet.after ? <Text {...theme.dim}>{parts.snippet.after}</Text> : null}
        <Text {...(isSelected ? theme.plain : theme.dim)}>{parts.stats}</Text>
      </Text>,
    );
  }
  return <>{lines}</>;
}

/** "(i/N)" and how many rows are hidden above and below; empty when everything fits. */
export function scrollStatus(total: number, selected: number, scrollTop: number, height: number): string {
  if (total <= height) return "";
  const above = scrollTop;
  const below = Math.max(0, total - scrollTop - height);
  const parts = [`(${selected + 1}/${total})`];
  if (above > 0) parts.push(`↑ ${above} more`);
  if (below > 0) parts.push(`↓ ${below} more`);
  return `  ${parts.join("  ")}`;
}
