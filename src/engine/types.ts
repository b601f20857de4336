// Shapes of pi session files (../shared/spec/pi-engine.md §2, pi-engine-1x.md §2).
// Entries are kept as parsed: every field a file has survives, known or not, so the
// engine can hand pi's exact objects to every algorithm and a commit can echo them.

/** Which pi release's behaviour to reproduce. "1.6" is what users run today. */
export type PiProfile = "1.6" | "0.73";
export const DEFAULT_PROFILE: PiProfile = "1.6";

export interface TextContent {
  type: "text";
  text: string;
  textSignature?: string;
}
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
}
export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  thinkingSignature?: string;
  redacted?: boolean;
}
export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  thoughtSignature?: string;
}
export type ContentBlock = TextContent | ImageContent | ThinkingContent | ToolCall;

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost?: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  [key: string]: unknown;
}

/**
 * An AgentMessage as pi keeps it in memory. Roles: user, assistant, toolResult, bashExecution,
 * custom, system (1.6), and the synthesized branchSummary / compactionSummary. Unknown roles pass
 * through, so the role is a plain string and every field is optional at the type level.
 */
export interface AgentMessage {
  role: string;
  content?: string | ContentBlock[] | null;
  timestamp?: number;
  // assistant
  api?: string;
  provider?: string;
  model?: string;
  usage?: Usage;
  stopReason?: string;
  errorMessage?: string;
  // toolResult
  toolCallId?: string;
  toolName?: string;
  isError?: boolean;
  details?: unknown;
  // bashExecution
  command?: string;
  output?: string;
  exitCode?: number;
  cancelled?: boolean;
  truncated?: boolean;
  fullOutputPath?: string;
  excludeFromContext?: boolean;
  // custom
  customType?: string;
  display?: boolean;
  // summaries
  summary?: string;
  fromId?: string | null;
  tokensBefore?: number;
  // system (1.6)
  sections?: Record<string, string | null>;
  toolsAdded?: unknown[];
  toolsRemoved?: { name: string }[];
  [key: string]: unknown;
}

export interface SessionHeader {
  type: "session";
  version?: number;
  id: string;
  timestamp?: string;
  cwd?: string;
  parentSession?: string;
  [key: string]: unknown;
}

interface EntryBase {
  id: string;
  parentId: string | null;
  timestamp: string;
  [key: string]: unknown;
}

export interface MessageEntry extends EntryBase {
  type: "message";
  message: AgentMessage;
}
export interface ThinkingLevelChangeEntry extends EntryBase {
  type: "thinking_level_change";
  thinkingLevel: string;
}
export interface ModelChangeEntry extends EntryBase {
  type: "model_change";
  provider: string;
  modelId: string;
}
export interface CompactionEntry extends EntryBase {
  type: "compaction";
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: unknown;
  usage?: Usage;
  fromHook?: boolean;
  systemMessage?: AgentMessage;
}
export interface BranchSummaryEntry extends EntryBase {
  type: "branch_summary";
  fromId: string;
  summary: string;
  details?: unknown;
  usage?: Usage;
  fromHook?: boolean;
}
export interface CustomEntry extends EntryBase {
  type: "custom";
  customType: string;
  data?: unknown;
}
export interface CustomMessageEntry extends EntryBase {
  type: "custom_message";
  customType: string;
  content: string | ContentBlock[];
  display: boolean;
  details?: unknown;
}
export interface LabelEntry extends EntryBase {
  type: "label";
  targetId: string;
  label?: string;
}
export interface SessionInfoEntry extends EntryBase {
  type: "session_info";
  name?: string;
}
/** 1.6: usage that is not an assistant message (cache warming). */
export interface UsageEntry extends EntryBase {
  type: "usage";
  kind: string;
  provider: string;
  model: string;
  usage: Usage;
  note?: string;
}
/** 1.6: append-only edit of an entry's model-context contribution. */
export interface ContextEditEntry extends EntryBase {
  type: "context_edit";
  targetId: string;
  replacement: null | { content: string | ContentBlock[] };
}
/** Any other `type`: kept as an opaque tree node, ignored by context and compaction. */
export interface UnknownEntry extends EntryBase {
  type: string;
}

export type KnownEntry =
  | MessageEntry
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | UsageEntry
  | ContextEditEntry;

/** `type` alone cannot narrow (unknown types exist): use a guard such as isMessageEntry, or a cast after checking `type`. */
export type SessionEntry = KnownEntry | UnknownEntry;

export const isMessageEntry = (e: SessionEntry): e is MessageEntry => e.type === "message";

/** A problem found while reading a file. `line` is the 1-based physical line of the file. */
export interface Diagnostic {
  line: number;
  problem: string;
  /** True for a remark about a line that loaded whole (e.g. no final newline): nothing was lost there. */
  note?: true;
}

/** How many distinct lines lost something when pi read them (notes do not count). */
export function damagedLineCount(diagnostics: readonly Diagnostic[]): number {
  const lines = new Set<number>();
  for (const d of diagnostics) if (!d.note) lines.add(d.line);
  return lines.size;
}
