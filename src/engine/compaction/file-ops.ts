// Which files a span of conversation read or changed, from read/write/edit tool calls.
import type { AgentMessage, PiProfile } from "../types.js";

export interface FileOps {
  read: Set<string>;
  written: Set<string>;
  edited: Set<string>;
}

export interface FileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

export const createFileOps = (): FileOps => ({ read: new Set(), written: new Set(), edited: new Set() });

function addFileOp(toolName: unknown, args: unknown, fileOps: FileOps): void {
  const path = typeof (args as { path?: unknown } | null | undefined)?.path === "string" ? (args as { path: string }).path : undefined;
  if (!path) return;
  if (toolName === "read") fileOps.read.add(path);
  else if (toolName === "write") fileOps.written.add(path);
  else if (toolName === "edit") fileOps.edited.add(path);
}

/**
 * Adds the file operations of one message: an assistant's tool calls, and (1.6) the calls a
 * codemode script made, recorded on its tool result as `nestedCalls`.
 */
export function extractFileOpsFromMessage(message: AgentMessage, fileOps: FileOps, profile: PiProfile = "1.6"): void {
  if (message.role === "toolResult") {
    if (profile !== "1.6") return;
    const nested = (message.nestedCalls as { calls?: { name?: unknown; arguments?: unknown }[] } | undefined)?.calls;
    // Indexed: once per tool result of a path (see the note on hot loops in src/cli/one-shot-v8.ts).
    if (Array.isArray(nested)) for (let i = 0; i < nested.length; i++) addFileOp(nested[i].name, nested[i].arguments, fileOps);
    return;
  }
  if (message.role !== "assistant" || !Array.isArray(message.content)) return;
  const blocks = message.content as unknown[];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (typeof block !== "object" || block === null) continue;
    const b = block as Record<string, unknown>;
    if (b.type !== "toolCall" || !("arguments" in b) || !("name" in b)) continue;
    addFileOp(b.name, b.arguments, fileOps);
  }
}

/** Adds the file lists a pi-generated summary stored in `details` (fromHook summaries are skipped). */
export function carryOverFileOps(entry: Readonly<Record<string, unknown>>, fileOps: FileOps): void {
  if (entry.fromHook || !entry.details) return;
  const details = entry.details as { readFiles?: unknown; modifiedFiles?: unknown };
  if (Array.isArray(details.readFiles)) for (const f of details.readFiles) fileOps.read.add(f as string);
  // Stored modified files go to `edited`; computeFileLists merges edited and written anyway.
  if (Array.isArray(details.modifiedFiles)) for (const f of details.modifiedFiles) fileOps.edited.add(f as string);
}

/** Sorted lists; a file both read and modified is listed only as modified. */
export function computeFileLists(fileOps: FileOps): FileLists {
  const modified = new Set([...fileOps.edited, ...fileOps.written]);
  const readFiles = [...fileOps.read].filter((f) => !modified.has(f)).sort();
  return { readFiles, modifiedFiles: [...modified].sort() };
}

/** The tags pi appends to a summary ("" when there are no files). */
export function formatFileOperations(readFiles: readonly string[], modifiedFiles: readonly string[]): string {
  const sections: string[] = [];
  if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join("\n")}\n</read-files>`);
  if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join("\n")}\n</modified-files>`);
  return sections.length === 0 ? "" : `\n\n${sections.join("\n\n")}`;
}
