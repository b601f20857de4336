// Helpers for the summary compiler's tests: read a small fixture session and turn its active path
// into the `{message, sourceId}` list a compaction or branch plan hands to the compiler.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentMessage, SessionEntry, SessionHeader } from "../../src/engine/index.js";
import type { SummarySourceMessage } from "../../src/engine/summary/index.js";
import { FIXTURES } from "../support/shared.js";

export interface FixtureSession {
  header: SessionHeader | undefined;
  entries: SessionEntry[];
}

/** Parses a JSONL session; entries of v1 files get pi's counter ids (oracle convention). */
export function parseSession(text: string): FixtureSession {
  let header: SessionHeader | undefined;
  const entries: SessionEntry[] = [];
  let n = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const obj = value as Record<string, unknown>;
    if (obj.type === "session") {
      header = obj as SessionHeader;
      continue;
    }
    n++;
    if (typeof obj.id !== "string") obj.id = n.toString(16).padStart(8, "0");
    entries.push(obj as SessionEntry);
  }
  return { header, entries };
}

export function loadFixture(name: string): FixtureSession {
  return parseSession(readFileSync(join(FIXTURES, "summary", name), "utf8"));
}

export function readGolden(name: string): string {
  return readFileSync(join(FIXTURES, "summary", name), "utf8");
}

/** Root → leaf entries (iterative parent walk). */
export function activePath(entries: readonly SessionEntry[], leafId: string): SessionEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const path: SessionEntry[] = [];
  let cursor: SessionEntry | undefined = byId.get(leafId);
  while (cursor) {
    path.push(cursor);
    cursor = cursor.parentId === null ? undefined : byId.get(cursor.parentId);
  }
  return path.reverse();
}

/** The messages pi maps from entries (message, custom_message, branch_summary, compaction). */
export function toSourceMessages(entries: readonly SessionEntry[]): SummarySourceMessage[] {
  const out: SummarySourceMessage[] = [];
  for (const e of entries) {
    const raw = e as Record<string, unknown>;
    let message: AgentMessage | undefined;
    if (e.type === "message") message = raw.message as AgentMessage;
    else if (e.type === "custom_message") message = { role: "custom", customType: raw.customType as string, content: raw.content as string, display: raw.display as boolean };
    else if (e.type === "branch_summary") message = { role: "branchSummary", summary: raw.summary as string, fromId: raw.fromId as string };
    else if (e.type === "compaction") message = { role: "compactionSummary", summary: raw.summary as string };
    if (message) out.push({ message, sourceId: e.id });
  }
  return out;
}
