// The model context at a leaf: 0.73 buildSessionContext, 1.6 buildSessionProjection.
import type { AgentMessage, ContextEditEntry, PiProfile, SessionEntry } from "../types.js";
import { entryMessages073, messageOf, projectContextEntry } from "./entry-messages.js";
import { buildSessionPath, indexById } from "./path.js";
import { createCompactionSummaryMessage } from "./summary-messages.js";

/** A context message and the entry it came from (null only when nothing produced it). */
export interface ContextMessage {
  message: AgentMessage;
  sourceId: string | null;
}

/** One selected entry and the messages it contributes after edits (possibly none). */
export interface ProjectedEntry {
  sourceEntry: SessionEntry;
  messages: AgentMessage[];
}

export interface ModelRef {
  provider: string;
  modelId: string;
}

export interface SessionContext {
  messages: ContextMessage[];
  thinkingLevel: string;
  model: ModelRef | null;
  /** 1.6 only: the projection, one record per selected entry. */
  projection?: ProjectedEntry[];
}

function contextSettings(path: readonly SessionEntry[]): { thinkingLevel: string; model: ModelRef | null } {
  let thinkingLevel = "off";
  for (let i = 0; i < path.length; i++) {
    const entry = path[i];
    if (entry.type === "thinking_level_change") thinkingLevel = (entry as Record<string, unknown>).thinkingLevel as string;
  }
  return { thinkingLevel, model: modelAtEnd(path) };
}

/** The model in effect at the end of a path (its newest model change or assistant reply), found from the end. */
export function modelAtEnd(path: readonly SessionEntry[]): ModelRef | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i];
    const e = entry as Record<string, unknown>;
    if (entry.type === "model_change") return { provider: e.provider as string, modelId: e.modelId as string };
    if (entry.type === "message") {
      const message = messageOf(entry);
      if (message?.role === "assistant") return { provider: message.provider as string, modelId: message.model as string };
    }
  }
  return null;
}

/** Index of the newest compaction on a path; -1 when there is none. */
export function lastCompactionIndex(path: readonly SessionEntry[]): number {
  for (let i = path.length - 1; i >= 0; i--) if (path[i].type === "compaction") return i;
  return -1;
}

/**
 * 1.6 buildContextEntries: the whole path, or [latest compaction, kept range without system
 * messages, everything after the compaction].
 */
function selectContextEntries(path: readonly SessionEntry[]): readonly SessionEntry[] {
  const k = lastCompactionIndex(path);
  if (k < 0) return path;
  const compaction = path[k];
  // pi looks the compaction up by id again; with a duplicate id an earlier entry may win.
  const compactionIdx = path.findIndex((entry) => entry.id === compaction.id);
  const selected: SessionEntry[] = [compaction];
  let foundFirstKept = false;
  for (let i = 0; i < compactionIdx; i++) {
    const entry = path[i];
    if (entry.id === compaction.firstKeptEntryId) foundFirstKept = true;
    if (foundFirstKept && messageOf(entry)?.role !== "system") selected.push(entry);
  }
  for (let i = compactionIdx + 1; i < path.length; i++) selected.push(path[i]); // no spread: paths run past 125,000 entries
  return selected;
}

/** The newest context_edit of each target among `selected`. */
function contextEdits(selected: readonly SessionEntry[]): Map<string, ContextEditEntry> {
  const edits = new Map<string, ContextEditEntry>();
  // Indexed loops over a path here and below: see the note on hot loops in src/cli/one-shot-v8.ts.
  for (let i = 0; i < selected.length; i++) {
    const entry = selected[i];
    if (entry.type === "context_edit") edits.set((entry as ContextEditEntry).targetId, entry as ContextEditEntry);
  }
  return edits;
}

/** 1.6 buildSessionProjection over an already built path. */
export function projectPath(path: readonly SessionEntry[]): ProjectedEntry[] {
  const selected = selectContextEntries(path);
  const edits = contextEdits(selected);
  // Only the newest compaction (index 0) contributes; older ones in the kept range are silent.
  return selected.map((sourceEntry, index) => ({
    sourceEntry,
    messages: sourceEntry.type === "compaction" && index > 0 ? [] : projectContextEntry(sourceEntry, edits.get(sourceEntry.id)),
  }));
}

/**
 * The system messages of the 1.6 context for `path`, in order: projectPath's messages with role
 * "system", without projecting the rest (only system message entries and the newest compaction's
 * checkpoint yield them; an edit can drop one but never turns another message into one).
 */
export function contextSystemMessages(path: readonly SessionEntry[]): AgentMessage[] {
  const selected = selectContextEntries(path);
  const edits = contextEdits(selected);
  const out: AgentMessage[] = [];
  for (let index = 0; index < selected.length; index++) {
    const entry = selected[index];
    const candidate = (entry.type === "compaction" && index === 0) || messageOf(entry)?.role === "system";
    if (!candidate) continue;
    const messages = projectContextEntry(entry, edits.get(entry.id));
    for (let j = 0; j < messages.length; j++) if (messages[j].role === "system") out.push(messages[j]);
  }
  return out;
}

/** 0.73 buildSessionContext's message list over an already built path, with source ids. */
function context073(path: readonly SessionEntry[]): ContextMessage[] {
  const out: ContextMessage[] = [];
  const append = (entry: SessionEntry): void => {
    for (const message of entryMessages073(entry)) out.push({ message, sourceId: entry.id });
  };
  const k = lastCompactionIndex(path);
  if (k < 0) {
    path.forEach(append);
    return out;
  }
  const compaction = path[k] as SessionEntry & Record<string, unknown>;
  out.push({
    message: createCompactionSummaryMessage(compaction.summary as string, compaction.tokensBefore, compaction.timestamp),
    sourceId: compaction.id,
  });
  const compactionIdx = path.findIndex((e) => e.type === "compaction" && e.id === compaction.id);
  let foundFirstKept = false;
  for (let i = 0; i < compactionIdx; i++) {
    if (path[i].id === compaction.firstKeptEntryId) foundFirstKept = true;
    if (foundFirstKept) append(path[i]);
  }
  for (let i = compactionIdx + 1; i < path.length; i++) append(path[i]);
  return out;
}

/** The context pi builds for a root-first path (its last entry is the leaf). */
export function buildContextFromPath(path: readonly SessionEntry[], profile: PiProfile = "1.6"): SessionContext {
  const settings = contextSettings(path);
  if (profile === "0.73") return { ...settings, messages: context073(path) };
  const projection = projectPath(path);
  const messages: ContextMessage[] = [];
  for (let i = 0; i < projection.length; i++) {
    const pe = projection[i];
    for (let j = 0; j < pe.messages.length; j++) messages.push({ message: pe.messages[j], sourceId: pe.sourceEntry.id });
  }
  return { ...settings, messages, projection };
}

/**
 * The context at `leafId` among `entries` (all of a session's entries, or just a path).
 * `leafId` null → empty; unknown or undefined → the last entry, as pi does.
 */
export function buildContext(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  profile: PiProfile = "1.6",
  byId: ReadonlyMap<string, SessionEntry> = indexById(entries),
): SessionContext {
  return buildContextFromPath(buildSessionPath(entries, leafId, byId), profile);
}

/** The bare agent messages of a context. */
export const contextMessages = (context: { messages: readonly ContextMessage[] }): AgentMessage[] =>
  context.messages.map((m) => m.message);
