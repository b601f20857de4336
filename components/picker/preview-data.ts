// What the preview pane shows beyond SessionInfo, read from the session file itself.
import { contentText, isMessageEntry, type LoadedSession } from "../../src/engine/index.js";

export interface PreviewDetails {
  /** The last user message with text, in file order (any branch). */
  lastUserMessage?: string;
  /** The model in use at the end of the file: the last model_change or assistant message. */
  model?: string;
  /** 1-based lines pi cannot use, from the loader's diagnostics. */
  damagedLines: number[];
  /** Set when pi would not load the file at all. */
  invalid?: string;
}

/** The preview's file-derived facts. Walks the entries once, from the end. */
export function previewDetails(loaded: LoadedSession): PreviewDetails {
  let lastUserMessage: string | undefined;
  let model: string | undefined;
  for (let i = loaded.entries.length - 1; i >= 0 && (lastUserMessage === undefined || model === undefined); i--) {
    const entry = loaded.entries[i];
    if (entry.type === "model_change" && model === undefined) {
      model = `${String(entry.provider)}/${String(entry.modelId)}`;
    } else if (isMessageEntry(entry)) {
      const message = entry.message;
      // Session files are untrusted: a message line may lack its message object.
      if (typeof message !== "object" || message === null) continue;
      if (message.role === "assistant" && model === undefined && message.model) {
        model = message.provider ? `${message.provider}/${message.model}` : message.model;
      } else if (message.role === "user" && lastUserMessage === undefined) {
        const text = contentText(message.content, " ").trim();
        if (text) lastUserMessage = text;
      }
    }
  }
  const damagedLines = [...new Set(loaded.diagnostics.filter((d) => !d.note).map((d) => d.line))].sort((a, b) => a - b);
  return { lastUserMessage, model, damagedLines, invalid: loaded.invalid };
}
