// Shift+O on an entry that is not pi's leaf: pi always opens a session at its last entry, so the move
// has to be written first. Either the branch flow (with a summary, pi's or the compiled one) then pi,
// or, with no summary, the path forked into a new session file that pi opens.
import { useState } from "react";
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { modalFooter } from "../kit/modal-keys.js";
import { HANDOFF_BINDINGS, HANDOFF_CHOICES, handoffChoiceKey, type HandoffChoiceId } from "./handoff-keys.js";

export interface HandoffChoiceProps {
  entryId: string;
  leafId: string | null;
  /** The user's pi, or why there is none (then the end of the flow shows the command instead). */
  piLabel: string;
  width: number;
  active: boolean;
  onChoose: (choice: HandoffChoiceId) => void;
  onCancel: () => void;
}

export const HANDOFF_PANEL_HEIGHT = HANDOFF_CHOICES.length + 4;

export function HandoffChoice(props: HandoffChoiceProps) {
  const theme = useTheme();
  const [cursor, setCursor] = useState(0);
  useKeyLayer(
    "overlay",
    (key) => {
      const command = handoffChoiceKey(key);
      if (command?.type === "move") setCursor((c) => (c + command.delta + HANDOFF_CHOICES.length) % HANDOFF_CHOICES.length);
      else if (command?.type === "choose") props.onChoose(HANDOFF_CHOICES[cursor]?.id ?? "summarize");
      else if (command?.type === "cancel") props.onCancel();
      return true;
    },
    props.active,
  );
  return (
    <Box flexDirection="column" width={props.width}>
      <Text {...theme.title} wrap="truncate">{`  Open in pi at ${sanitizeInline(props.entryId)} (${sanitizeInline(props.piLabel)})`}</Text>
      <Text {...theme.muted} wrap="truncate">{`  pi opens a session at its last entry (${sanitizeInline(props.leafId ?? "none")}), so the move is written first:`}</Text>
      {HANDOFF_CHOICES.map((choice, i) => (
        <Text key={choice.id} {...(i === cursor ? theme.accent : theme.plain)} wrap="truncate">
          {`  ${i === cursor ? "›" : " "} ${choice.label}`}
        </Text>
      ))}
      <Text {...theme.muted} wrap="truncate">{modalFooter(HANDOFF_BINDINGS)}</Text>
    </Box>
  );
}
