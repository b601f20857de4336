// What a write flow shows in place of its confirm step when the file cannot be appended to
// (appendRefusal): the reason as one wrapped paragraph, nothing to confirm, Esc back. It takes the
// confirm step's cancel keys (confirm-keys.ts) and, being modal, swallows every other key.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { modalFooter, useModalKeys } from "../kit/modal-keys.js";
import { wrapText } from "../kit/text-width.js";
import { activeConfirmBindings, CONFIRM_FOOTER_STYLE } from "./confirm-keys.js";

/** The confirm step's cancel keys, which go back from here (nothing can be written). */
const REFUSED_BINDINGS = activeConfirmBindings({ failed: true, scrolls: false });

export interface AppendRefusedProps {
  /** From appendRefusal: plain text, no session content. */
  message: string;
  width: number;
  /** Rows this box may use, footer included. */
  height: number;
  active: boolean;
  onBack: () => void;
}

export function AppendRefused({ message, width, height, active, onBack }: AppendRefusedProps) {
  const theme = useTheme();
  useModalKeys(REFUSED_BINDINGS, onBack, active);
  // Wrapped, never cut: the way out (the fork key) is at the end of the paragraph.
  const lines = wrapText(message, Math.max(10, width - 4)).slice(0, Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.map((line, i) => (
        <Text key={i} {...theme.warning}>{`  ${line}`}</Text>
      ))}
      <Box flexGrow={1} />
      <Text {...theme.muted} wrap="truncate">{modalFooter(REFUSED_BINDINGS, { ...CONFIRM_FOOTER_STYLE, lead: "  Nothing is written. " })}</Text>
    </Box>
  );
}
