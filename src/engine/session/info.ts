// pi's buildSessionInfo (spec §6.1, 1x §5) over already-parsed line values, without file access.
// pi runs this inside try/catch and skips the file on any exception (e.g. a `message` entry with
// no message object); the same code shape below keeps those outcomes identical.
import { constants } from "node:buffer";
import type { PiProfile } from "../types.js";

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

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

/**
 * `values`: what pi parsed from the file's lines, in order. null when pi's listing skips the file.
 * `keepTexts: false` when only that is asked (the fields then hold no message text).
 */
export function sessionInfoFromValues(values: unknown[], profile: PiProfile, keepTexts = true): PiSessionInfoFields | null {
  const info = new SessionInfoWalk(profile, keepTexts);
  for (let i = 0; i < values.length; i++) if (!info.add(values[i])) return null;
  return info.finish();
}

/**
 * pi's buildSessionInfo fed one value at a time, so a reader that drops each entry once it is used
 * (the recall index's streamed read) needs no array of them. `add` and `finish` answer false / null
 * where pi's listing throws or skips the file. `keepTexts: false` keeps no message text: the listing
 * is then only judged (the join of every text is measured, not made; it throws when too long).
 */
export class SessionInfoWalk {
  private header: any = undefined;
  private failed = false;
  private messageCount = 0;
  private firstMessage = "";
  private readonly allMessages: string[] = [];
  /** Length of allMessages joined with " " (keepTexts: false). */
  private joinedLength = -1;
  private name: string | undefined;
  private lastActivityTime: number | undefined;

  constructor(
    private readonly profile: PiProfile,
    private readonly keepTexts = true,
  ) {}

  /** The next value; false once the listing would skip the file. */
  add(value: unknown): boolean {
    if (this.failed) return false;
    try {
      this.step(value);
    } catch {
      this.failed = true;
    }
    return !this.failed;
  }

  private step(entry: any): void {
    if (this.header === undefined) {
      this.header = entry;
      if (entry.type !== "session") this.failed = true;
      return;
    }
    if (entry.type === "session_info") this.name = entry.name?.trim() || undefined;
    if (entry.type !== "message") return;
    this.messageCount++;
    const message = entry.message;
    const hasContent = typeof message.role === "string" && "content" in message;
    if (!hasContent) return;
    if (message.role !== "user" && message.role !== "assistant") return;
    const activity = activityTime(entry, message, this.profile);
    if (activity !== undefined) this.lastActivityTime = Math.max(this.lastActivityTime ?? 0, activity);
    const text = extractTextContent(message);
    if (!text) return;
    if (this.keepTexts) this.allMessages.push(text);
    else this.joinedLength += text.length + 1;
    if (!this.firstMessage && message.role === "user") this.firstMessage = text;
  }

  /** pi's SessionInfo fields, or null when its listing skips the file. */
  finish(): PiSessionInfoFields | null {
    const header = this.header;
    if (this.failed || header === undefined) return null;
    // Array.prototype.join throws past the longest string the engine can make.
    if (this.joinedLength > MAX_STRING_LENGTH) return null;
    let allMessagesText: string;
    try {
      allMessagesText = this.allMessages.join(" ");
    } catch {
      return null;
    }
    const lastActivityTime = this.lastActivityTime;
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
      name: this.name,
      parentSessionPath: header.parentSession,
      created: new Date(header.timestamp),
      modified,
      messageCount: this.messageCount,
      firstMessage: this.firstMessage || "(no messages)",
      allMessagesText,
    };
  }
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
