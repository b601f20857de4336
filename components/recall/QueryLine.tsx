// Dumb view: the query box, a text field (its keys come through the recall screen's key layer).
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { TextField } from "../kit/text-field/TextField.js";

const PLACEHOLDER = 'words, "a phrase", /regex/, role:user tool:bash file:x scope:all';
const PROMPT = "  Recall: ";

export function QueryLine({ value, cursor, focused, width }: { value: string; cursor: number; focused: boolean; width: number }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate">
      <Text {...(focused ? theme.accent : theme.muted)}>{PROMPT}</Text>
      <TextField state={{ value, cursor }} focused={focused} placeholder={PLACEHOLDER} width={Math.max(1, width - PROMPT.length - 1)} />
    </Text>
  );
}
