// Dumb view: the query box. It only reads keys while `focused`; Ctrl/Alt chords never type into it.
import { Text } from "ink";
import { GuardedTextInput } from "../kit/GuardedTextInput.js";

const PLACEHOLDER = 'words, "a phrase", /regex/, role:user tool:bash file:x scope:all';

export function QueryLine({ value, focused, onChange }: { value: string; focused: boolean; onChange: (value: string) => void }) {
  return (
    <Text wrap="truncate">
      <Text color={focused ? "cyan" : "gray"}>{"  Recall: "}</Text>
      {/* A fresh input on each focus puts its cursor at the end of the query. */}
      <GuardedTextInput key={focused ? "focused" : "idle"} value={value} onChange={onChange} focus={focused} placeholder={PLACEHOLDER} />
    </Text>
  );
}
