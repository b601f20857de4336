// The timeline screen (Shift+G in the tree): context tokens at each model call along the path, as pi
// reckons them, with compactions and branch summaries marked, pi's auto-compaction threshold and
// where the previewed cut would fall. The cursor walks the points; Enter jumps to its entry in the tree.
import { useMemo, useReducer } from "react";
import { Box, Text } from "ink";
import { chartLegend, timelineChart, type SessionTree } from "../../src/engine/index.js";
import { useAppEnv, useProfile, useScreenSize, useTheme } from "../kit/app-context.js";
import { useReadAfterRender } from "../kit/use-read-after-render.js";
import type { HelpGroupId } from "../kit/screen-contract.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";
import { pointLines } from "./point-lines.js";
import { timelineData, type TimelineData } from "./timeline-data.js";
import { timelineReducer, type TimelineAction, type TimelineState } from "./timeline-state.js";
import { useTimelineInput } from "./use-timeline-input.js";
import { timelineFooter } from "./timeline-keys.js";

export interface TimelineScreenProps {
  tree: SessionTree;
  /** The entry the timeline opened on (its path decides which branch is drawn). */
  entryId: string;
  path: string;
  active: boolean;
  /** Enter: close the timeline and put the tree's cursor on this entry. */
  onJump: (entryId: string) => void;
  onBack: () => void;
  onHelp: (group?: HelpGroupId) => void;
}

export function TimelineScreen(props: TimelineScreenProps) {
  const env = useAppEnv();
  const profile = useProfile();
  // The window and threshold come from pi's settings and model files: read after render, not in it.
  const data = useReadAfterRender(() => timelineData(props.tree, props.entryId, env, profile), [props.tree, props.entryId, env, profile]);
  if (data === undefined) return <Text>  Reading your pi settings…</Text>;
  return <TimelineView {...props} data={data} />;
}

function TimelineView(props: TimelineScreenProps & { data: TimelineData }) {
  const { columns, rows } = useScreenSize();
  const theme = useTheme();
  const { data } = props;
  const kinds = useMemo(() => data.points.map((p) => p.kind), [data]);
  // A page is an eighth of the path, whatever the width.
  const page = Math.max(1, Math.ceil(kinds.length / 8));
  const [state, dispatch] = useReducer((s: TimelineState, a: TimelineAction) => timelineReducer(s, a, { kinds, page }), { cursor: data.startAt });
  const point = data.points[state.cursor];
  useTimelineInput(
    { dispatch, onJump: () => point && props.onJump(point.entryId), onBack: props.onBack, onHelp: () => props.onHelp("timeline") },
    props.active,
  );

  const roomy = rows - 1 - 10 >= 3;
  const chartHeight = Math.max(2, rows - 1 - (roomy ? 10 : 8));
  const chart = data.points.length
    ? timelineChart(data.points, { width: columns, height: chartHeight, threshold: data.threshold, cutIndex: data.cutIndex >= 0 ? data.cutIndex : undefined, cursor: state.cursor })
    : [];
  const figures = pointLines(point, state.cursor, data.points.length, columns);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text wrap="truncate">
        <Text {...theme.title}>  Context timeline</Text>
        <Text {...theme.muted}>{`  to ${data.leafId ?? "(empty)"} — ${sanitizeInline(props.path)}`}</Text>
      </Text>
      {chart.map((line, i) => (
        <Text key={i} wrap="truncate" {...(i < chartHeight ? theme.plain : theme.muted)}>
          {line}
        </Text>
      ))}
      {roomy && <Text {...theme.muted}>{chartLegend(data.points, data.threshold, data.contextWindow, data.reserveTokens, columns)}</Text>}
      {(roomy ? figures : figures.slice(0, 2)).map((line, i) => (
        <Text key={`f${i}`} wrap="truncate" {...(i === 0 ? theme.accent : theme.plain)}>
          {line}
        </Text>
      ))}
      <Text {...theme.muted} wrap="truncate">
        {truncateToWidth(timelineFooter(columns), columns)}
      </Text>
    </Box>
  );
}
