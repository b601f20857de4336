// The structured form of a compiled summary, its text rendering, and the parser that reads a
// stored summary back. Rendering never wraps lines, so parsing is exact (vcc.md §8 P14): section
// items start with "- ", lines of an LLM-written earlier summary are indented by two spaces, and
// the brief follows the first line that is exactly "---".
import type { FileGroups } from "./sections/files.js";
import { parseFileGroups, renderFileGroups } from "./sections/files.js";
import { stripFileOperationsBlock } from "./file-lists.js";
import { sanitize } from "./text.js";
import type { SummarySection } from "./types.js";

export interface SummaryDocument {
  /** Lines of an earlier summary that was not written by this compiler (e.g. pi's LLM summary). */
  earlier: string[];
  goal: string[];
  preferences: string[];
  files: FileGroups;
  commits: string[];
  outstanding: string[];
  earlierTurns: string[];
  currentStatus: string[];
  brief: string[];
}

/** pi's separator between the history summary and the split turn's prefix summary. */
export const SPLIT_TURN_SEPARATOR = "\n\n---\n\n**Turn Context (split turn):**\n\n";
const SPLIT_TURN_HEADING = "**Turn Context (split turn):**";
/** pi's history text when a split turn has nothing before it. */
export const NO_PRIOR_HISTORY = "No prior history.";

// First lines of our summaries; they also tell the parser a text is ours.
const LEAD_PREFIX = "Deterministic summary ";
export const HISTORY_LEAD =
  "Deterministic summary of the earlier conversation, compiled by pi-explorer without an LLM. (#N) is the N-th message line of the session file, counted from 0.";
export const TURN_PREFIX_LEAD =
  "Deterministic summary of how the current turn began; the rest of that turn follows verbatim.";
const LEAD_SEARCH_LINES = 20;
const EMPTY_SPAN = "(nothing in this span to summarize)";

const EARLIER_SUMMARY_MAX_LINES = 200;
const EARLIER_LINE_MAX_CHARS = 1000;

const TITLES = [
  "Earlier Summary",
  "Session Goal",
  "User Preferences",
  "Files And Changes",
  "Commits",
  "Outstanding Context",
  "Earlier Turns",
  "Current Status",
] as const;
type Title = (typeof TITLES)[number];

function emptyDocument(): SummaryDocument {
  return {
    earlier: [],
    goal: [],
    preferences: [],
    files: { Modified: [], Created: [], Read: [] },
    commits: [],
    outstanding: [],
    earlierTurns: [],
    currentStatus: [],
    brief: [],
  };
}

/** The sections of a document in output order, empty ones left out. */
export function documentSections(doc: SummaryDocument): SummarySection[] {
  const items: Record<Title, string[]> = {
    "Earlier Summary": doc.earlier,
    "Session Goal": doc.goal,
    "User Preferences": doc.preferences,
    "Files And Changes": renderFileGroups(doc.files),
    Commits: doc.commits,
    "Outstanding Context": doc.outstanding,
    "Earlier Turns": doc.earlierTurns,
    "Current Status": doc.currentStatus,
  };
  return TITLES.filter((t) => items[t].length > 0).map((title) => ({ title, items: items[title] }));
}

export function renderDocument(doc: SummaryDocument, lead: string): string {
  const lines: string[] = [lead];
  const sections = documentSections(doc);
  for (const section of sections) {
    lines.push("", `[${section.title}]`);
    const bullet = section.title === "Earlier Summary" ? "  " : "- ";
    for (const item of section.items) lines.push(`${bullet}${item}`);
  }
  if (doc.brief.length > 0) lines.push("", "---", "", ...doc.brief);
  if (sections.length === 0 && doc.brief.length === 0) lines.push("", EMPTY_SPAN);
  return lines.join("\n");
}

/** Caps an LLM-written earlier summary: long lines clipped, the head kept. */
export function capEarlier(lines: readonly string[]): string[] {
  const clipped = lines.map((l) => (l.length > EARLIER_LINE_MAX_CHARS ? l.slice(0, EARLIER_LINE_MAX_CHARS) : l));
  if (clipped.length <= EARLIER_SUMMARY_MAX_LINES) return clipped;
  const kept = clipped.slice(0, EARLIER_SUMMARY_MAX_LINES - 1);
  return [...kept, `...(${clipped.length - kept.length} more lines of the earlier summary omitted)`];
}

function parseOurs(lines: readonly string[]): SummaryDocument {
  const doc = emptyDocument();
  const items: Partial<Record<Title, string[]>> = {};
  let section: Title | undefined;
  let briefStart = -1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line === "---") {
      briefStart = i + 1;
      break;
    }
    if (line.startsWith("[") && line.endsWith("]")) {
      const title = line.slice(1, -1);
      section = (TITLES as readonly string[]).includes(title) ? (title as Title) : undefined;
      continue;
    }
    if (section === undefined) continue;
    const bullet = section === "Earlier Summary" ? "  " : "- ";
    if (line.startsWith(bullet)) (items[section] ??= []).push(line.slice(2));
  }
  doc.earlier = items["Earlier Summary"] ?? [];
  doc.goal = items["Session Goal"] ?? [];
  doc.preferences = items["User Preferences"] ?? [];
  doc.files = parseFileGroups(items["Files And Changes"] ?? []);
  doc.commits = items.Commits ?? [];
  doc.outstanding = items["Outstanding Context"] ?? [];
  doc.earlierTurns = items["Earlier Turns"] ?? [];
  doc.currentStatus = items["Current Status"] ?? [];
  if (briefStart !== -1) {
    const brief = lines.slice(briefStart);
    while (brief.length > 0 && brief[0] === "") brief.shift();
    while (brief.length > 0 && brief[brief.length - 1] === "") brief.pop();
    doc.brief = brief;
  }
  return doc;
}

/** Lines of a leading `[Focus]` note (commit/focus-note.ts): the title, its "- " item and the item's indented lines. */
function focusNoteLength(lines: readonly string[]): number {
  if (lines[0] !== "[Focus]") return 0;
  let i = 1;
  while (i < lines.length && (lines[i].startsWith("- ") || lines[i].startsWith("  "))) i++;
  return i;
}

function parsePart(part: string, foreignHeading?: string): SummaryDocument {
  const text = part.trim();
  if (text === "" || text === NO_PRIOR_HISTORY) return emptyDocument();
  const lines = sanitize(part).split("\n");
  // Our lead line may follow a note a caller put in front: a focus note of any length, or a few other lines.
  const skip = focusNoteLength(lines);
  const found = lines.slice(skip, skip + LEAD_SEARCH_LINES).findIndex((l) => l.startsWith(LEAD_PREFIX));
  const lead = found === -1 ? -1 : skip + found;
  if (lead !== -1) {
    const doc = parseOurs(lines.slice(lead));
    const note = lines.slice(0, lead).map((l) => l.trimEnd());
    while (note.length > 0 && note[note.length - 1] === "") note.pop();
    if (note.length > 0) doc.earlier = capEarlier([...doc.earlier, ...(doc.earlier.length > 0 ? [""] : []), ...note]);
    return doc;
  }
  const doc = emptyDocument();
  const foreign = sanitize(text).split("\n").map((l) => l.trimEnd());
  doc.earlier = capEarlier(foreignHeading === undefined ? foreign : [foreignHeading, "", ...foreign]);
  return doc;
}

/**
 * Reads a stored summary (ours or pi's) back into a document: pi's file-operations block is
 * dropped (the lists travel in `details`), a split-turn part is folded in after the history part,
 * and text this compiler did not write is kept verbatim as the earlier summary.
 */
export function parseSummary(summary: string): { history: SummaryDocument; turnContext: SummaryDocument | undefined } {
  const text = stripFileOperationsBlock(summary);
  const at = text.indexOf(SPLIT_TURN_SEPARATOR);
  if (at === -1) return { history: parsePart(text), turnContext: undefined };
  return {
    history: parsePart(text.slice(0, at)),
    turnContext: parsePart(text.slice(at + SPLIT_TURN_SEPARATOR.length), SPLIT_TURN_HEADING),
  };
}
