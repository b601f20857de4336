// The selected session at a glance: dates, model, counts, damage, first and last user messages.
import { Text } from "ink";
import type { SessionInfo } from "../../src/engine/index.js";
import { previewLines, type PreviewTone } from "./preview-lines.js";
import type { PreviewPlacement } from "./layout.js";
import type { Theme, TextStyle } from "../kit/theme.js";
import type { PreviewState } from "./use-session-preview.js";
import { useOptionalAppEnv, useTheme } from "../kit/app-context.js";

export interface PreviewPaneProps {
  session: SessionInfo | undefined;
  state: PreviewState;
  placement: Exclude<PreviewPlacement, "none">;
  width: number;
  height: number;
}

const toneStyle = (theme: Theme, tone: PreviewTone): TextStyle =>
  tone === "title" ? theme.title : tone === "dim" ? theme.dim : tone === "warning" ? theme.warning : tone === "error" ? theme.error : theme.plain;

export function PreviewPane({ session, state, placement, width, height }: PreviewPaneProps) {
  const home = useOptionalAppEnv()?.home;
  const theme = useTheme();
  // Beside the list the pane has a "│ " gutter; below it, a rule line on top.
  const gutter = placement === "right" ? 2 : 0;
  const bodyHeight = placement === "below" ? height - 1 : height;
  const lines = previewLines(session, state, width - gutter, bodyHeight, home);
  return (
    <>
      {placement === "below" ? (
        <Text {...theme.dim} wrap="truncate">
          {("── preview " + "─".repeat(width)).slice(0, width)}
        </Text>
      ) : null}
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {gutter ? <Text {...theme.dim}>{"│ "}</Text> : null}
          <Text {...toneStyle(theme, line.tone)}>{line.text}</Text>
        </Text>
      ))}
    </>
  );
}
