// pi's Ctrl+X on a /tree row: the entry's full text (a bash row copies its command, summaries their
// summary), and the OSC 52 sequence that puts it on the terminal's clipboard. The text travels
// base64-encoded, so nothing in it can act as a terminal control sequence.
import type { SessionEntry } from "../../src/engine/index.js";
import { textOf } from "./row-text.js";

type Rec = Record<string, unknown>;

/** pi's getEntryCopyText: undefined when there is nothing but whitespace to copy. */
export function entryCopyText(entry: SessionEntry): string | undefined {
  const e = entry as Rec;
  let text: string | undefined;
  switch (entry.type) {
    case "message": {
      const msg = (e.message ?? {}) as Rec;
      if (msg.role === "bashExecution") text = msg.command as string | undefined;
      else if ("content" in msg) {
        text = textOf(msg.content);
        if (!text && msg.role === "assistant") text = msg.errorMessage as string | undefined;
      }
      break;
    }
    case "custom_message":
      text = textOf(e.content);
      break;
    case "compaction":
    case "branch_summary":
      text = e.summary as string | undefined;
      break;
  }
  return typeof text === "string" && text.trim() ? text : undefined;
}

/** OSC 52 "set clipboard" for `text`. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, "utf8").toString("base64")}\x07`;
}
