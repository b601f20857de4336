// The line where a preview setting is typed as a number (K, R or W in the preview). It edits through
// the one text field (router keys, never stdin), takes Enter to set the value and Esc to cancel, and
// shows why a text is not a number without leaving the prompt.
import { useState } from "react";
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { useKeyLayer } from "../kit/key-router.js";
import { TextField } from "../kit/text-field/TextField.js";
import { textFieldKeyAction } from "../kit/text-field/text-field-keys.js";
import { initTextField, textFieldReducer } from "../kit/text-field/text-field-state.js";
import type { SettingName } from "./setting-name.js";
import { parseSettingInput, SETTING_LABEL } from "./setting-input.js";
import { settingPromptCommand, settingPromptFooter } from "./preview-keys.js";

export interface SettingPromptProps {
  setting: SettingName;
  /** The value in force (shown; Enter on an empty field keeps it). */
  current: number;
  /** Text typed in the same read as the key that opened the prompt. */
  initial?: string;
  width: number;
  active: boolean;
  onSet: (value: number) => void;
  onCancel: () => void;
}

export function SettingPrompt({ setting, current, initial = "", width, active, onSet, onCancel }: SettingPromptProps) {
  const theme = useTheme();
  const [field, setField] = useState(() => initTextField(initial));
  const [error, setError] = useState<string | null>(null);
  useKeyLayer(
    "overlay",
    (key) => {
      const command = settingPromptCommand(key.name);
      if (command === "cancel") onCancel();
      else if (command === "set" && field.value.trim() === "") onCancel();
      else if (command === "set") {
        const parsed = parseSettingInput(field.value, setting);
        if (parsed.ok) onSet(parsed.value);
        else setError(parsed.message);
      } else {
        const edit = textFieldKeyAction(key);
        if (edit !== null) {
          setField((f) => textFieldReducer(f, edit));
          setError(null);
        }
      }
      // Modal: the preview's keys wait until the value is set or cancelled.
      return true;
    },
    active,
  );
  const prompt = `  ${SETTING_LABEL[setting]}: `;
  const hint = error ?? `now ${current.toLocaleString("en-US")} · ${settingPromptFooter()}`;
  const fieldWidth = Math.max(4, Math.min(16, width - prompt.length - 4));
  return (
    <Text wrap="truncate">
      <Text {...theme.accent}>{prompt}</Text>
      <TextField state={field} focused={active} width={fieldWidth} />
      <Text {...(error ? theme.error : theme.muted)}>{`  ${hint}`}</Text>
    </Text>
  );
}
