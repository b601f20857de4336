// Another model for pi's summary: the models the user's pi has credentials for, the one pi would use
// first. ↑/↓ choose, Enter use it, Esc cancels the whole summary (nothing is written).
import { useState } from "react";
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import type { PiReady } from "../../src/pi-bridge/run-pi-summary.js";
import { modalFooter, useModalKeys } from "../kit/modal-keys.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { MODEL_PICKER_BINDINGS } from "./summarizer-offer.js";

const nameOf = (m: { provider: string; id: string }): string => `${m.provider}/${m.id}`;

/** The models to offer: pi's own choice first, then the others it can reach. */
export function modelChoices(ready: PiReady): string[] {
  const own = ready.model ? [nameOf(ready.model)] : [];
  return [...own, ...ready.models.map(nameOf).filter((name) => !own.includes(name))];
}

export function ModelPicker(props: { ready: PiReady; width: number; height: number; active: boolean; onPick: (model: string | undefined) => void; onCancel: () => void }) {
  const theme = useTheme();
  const choices = modelChoices(props.ready);
  const [cursor, setCursor] = useState(0);
  useModalKeys(
    MODEL_PICKER_BINDINGS,
    (command) => {
      if (command.type === "move") setCursor((c) => (choices.length === 0 ? 0 : (c + command.delta + choices.length) % choices.length));
      else if (command.type === "pick") {
        const chosen = choices[cursor];
        props.onPick(chosen === undefined || (cursor === 0 && props.ready.model) ? undefined : chosen);
      } else props.onCancel();
    },
    props.active,
  );
  const room = Math.max(1, props.height - 3);
  const top = Math.max(0, Math.min(cursor - Math.floor(room / 2), choices.length - room));
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text {...theme.title} wrap="truncate">{`  Model for pi's summary (your pi ${sanitizeInline(props.ready.version ?? "?")} can reach ${choices.length})`}</Text>
      {choices.length === 0 && <Text {...theme.warning}>  Your pi has no model with credentials.</Text>}
      {choices.slice(top, top + room).map((name, i) => (
        <Text key={name} {...(top + i === cursor ? theme.accent : theme.plain)} wrap="truncate">
          {`  ${top + i === cursor ? "›" : " "} ${sanitizeInline(name)}${top + i === 0 && props.ready.model ? "  (pi's own choice at this leaf)" : ""}`}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text {...theme.muted} wrap="truncate">{modalFooter(MODEL_PICKER_BINDINGS)}</Text>
    </Box>
  );
}
