// pi's buildSessionInfo (spec §6.1, 1x §5) over already-parsed line values, without file access.
// pi runs this inside try/catch and skips the file on any exception (e.g. a `message` entry with
// no message object); the same code shape below keeps those outcomes identical.
import type { PiProfile } from "../types.js";

export interface PiSessionInfoFields {
  id: string;
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  /** null: pi falls back to the file's mtime. */
  modified: Date | null;
  messageCount: number;
  firstMessage: string;
  allMessagesText: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- this mirrors pi's untyped walk over untrusted JSON */
function extractTextContent(message: any): string {
  const content = message.content;
  if (typeof content === "string") return content;
  return content
    .filter((block: any) => block.type === "text")
    .map((block: any) => block.text)
    .join(" ");
}

/** `values`: what pi parsed from the file's lines, in order. null when pi's listing skips the file. */
export function sessionInfoFromValues(values: unknown[], profile: PiProfile): PiSessionInfoFields | null {
  try {
    return build(values as any[], profile);
  } catch {
    return null;
  }
}

function build(values: any[], profile: PiProfile): PiSessionInfoFields | null {
  if (values.length === 0) return null;
  const header = values[0];
  if (header.type !== "session") return null;
  let messageCount = 0;
  let firstMessage = "";
  const allMessages: string[] = [];
  let name: string | undefined;
  let lastActivityTime: number | undefined;
  for (let i = 1; i < values.length; i++) {
    const entry = values[i];
    if (entry.type === "session_info") name = entry.name?.trim() || undefined;
    if (entry.type !== "message") continue;
    messageCount++;
    const message = entry.message;
    const hasContent = typeof message.role === "string" && "content" in message;
    if (!hasContent) continue;
    if (message.role !== "user" && message.role !== "assistant") continue;
    const activity = activityTime(entry, message, profile);
    if (activity !== undefined) lastActivityTime = Math.max(lastActivityTime ?? 0, activity);
    const text = extractTextContent(message);
    if (!text) continue;
    allMessages.push(text);
    if (!firstMessage && message.role === "user") firstMessage = text;
  }
  const headerTime = typeof header.timestamp === "string" ? new Date(header.timestamp).getTime() : NaN;
  const modified =
    typeof lastActivityTime === "number" && lastActivityTime > 0
      ? new Date(lastActivityTime)
      : !Number.isNaN(headerTime)
        ? new Date(headerTime)
        : null;
  return {
    id: header.id,
    cwd: typeof header.cwd === "string" ? header.cwd : "",
    name,
    parentSessionPath: header.parentSession,
    created: new Date(header.timestamp),
    modified,
    messageCount,
    firstMessage: firstMessage || "(no messages)",
    allMessagesText: allMessages.join(" "),
  };
}

function activityTime(entry: any, message: any, profile: PiProfile): number | undefined {
  if (typeof message.timestamp === "number") return message.timestamp;
  // 0.73 only reads string entry timestamps; 1.6 hands any value to new Date().
  if (profile === "0.73" && typeof entry.timestamp !== "string") return undefined;
  const t = new Date(entry.timestamp).getTime();
  return Number.isNaN(t) ? undefined : t;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * How a message names a session file older than v3: "a v1 session file", or for a header whose
 * version is no release of pi's (-1, 2.5, "abc"), what it says and that pi treats it as an old one.
 */
export function oldSessionFileName(fileVersion: number): string {
  if (fileVersion === 1 || fileVersion === 2) return `a v${fileVersion} session file`;
  const said = Number.isNaN(fileVersion) ? "a version that is not a number" : `version ${fileVersion}`;
  return `a session file whose header says ${said} (pi migrates it as an old one)`;
}
