// The normalized form every section builder reads (vcc.md §2.2): one block per meaningful part of a
// message, each carrying the global ref `#N` of its message when it has one.

export interface ToolCallBlock {
  kind: "tool_call";
  ref: number | undefined;
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The result answering this call, paired by toolCallId (never by position). */
  result?: ToolResultBlock;
}

export interface ToolResultBlock {
  kind: "tool_result";
  ref: number | undefined;
  toolCallId: string;
  name: string;
  text: string;
  isError: boolean;
  /** N of pi's bash tool's final `Command exited with code N` line, when present. */
  exitCode: number | undefined;
  /** The call this result answers, when it is in the same span. */
  call?: ToolCallBlock;
}

export interface TextBlock {
  kind: "user" | "assistant";
  ref: number | undefined;
  text: string;
}

/** A user `!command` (bashExecution message). */
export interface BashBlock {
  kind: "bash";
  ref: number | undefined;
  command: string;
  output: string;
  exitCode: number | undefined;
}

/** A custom message (extension output); shown in the brief, never mined for goals or files. */
export interface CustomBlock {
  kind: "custom";
  ref: number | undefined;
  customType: string;
  text: string;
}

/** A branch summary met inside the span: listed by its first line only, never re-indexed. */
export interface BranchSummaryBlock {
  kind: "branch_summary";
  ref: number | undefined;
  firstLine: string;
}

export type Block = ToolCallBlock | ToolResultBlock | TextBlock | BashBlock | CustomBlock | BranchSummaryBlock;

/** N of `Command exited with code N` at the end of a bash tool's output (pi's bash tool). */
export function parseBashExitCode(text: string): number | undefined {
  const match = /Command exited with code (\d{1,9})\s*$/.exec(text.slice(-120));
  return match ? Number(match[1]) : undefined;
}

/** The first string among the usual path argument keys. */
export function pathArgument(args: Record<string, unknown>): string | undefined {
  for (const key of ["path", "file_path", "filePath", "file"]) {
    const value = args[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** `arguments.command` of a bash-like call. */
export function commandArgument(args: Record<string, unknown>): string | undefined {
  const value = args.command;
  return typeof value === "string" ? value : undefined;
}

const READ_TOOLS = new Set(["read", "read_file", "view"]);
const WRITE_TOOLS = new Set(["edit", "write", "edit_file", "write_file", "multiedit", "apply_patch", "quick_edit", "target_edit"]);
const CREATE_TOOLS = new Set(["write", "write_file"]);
const BASH_TOOLS = new Set(["bash", "powershell", "shell"]);
const SEARCH_TOOLS = new Set(["grep", "glob", "find", "ls", "rg", "search"]);

export const isReadTool = (name: string): boolean => READ_TOOLS.has(name.toLowerCase());
export const isWriteTool = (name: string): boolean => WRITE_TOOLS.has(name.toLowerCase());
export const isCreateTool = (name: string): boolean => CREATE_TOOLS.has(name.toLowerCase());
export const isBashTool = (name: string): boolean => BASH_TOOLS.has(name.toLowerCase());
export const isSearchTool = (name: string): boolean => SEARCH_TOOLS.has(name.toLowerCase());
