// [Outstanding Context] (vcc.md §2.4.7): unresolved problems seen in the last blocks of the span,
// each tagged ERROR / WARN / INFO, tsc errors marked RESOLVED when the file is edited later.
import type { Block, ToolResultBlock } from "../blocks.js";
import { commandArgument, isSearchTool, isWriteTool, pathArgument } from "../blocks.js";
import { compressCommand } from "../command.js";
import { clip, firstNonEmptyLine, forEachLine, MAX_SCAN_CHARS, relativeToCwd } from "../text.js";

const OUTSTANDING_TAIL_BLOCKS = 25;
const OUTSTANDING_CAP = 8;

type Severity = "ERROR" | "WARN" | "INFO";
interface Finding {
  text: string;
  severity: Severity;
  /** For tsc items: the file the error is in, to detect a later fix. */
  tscPath?: string;
  /** Position of the block that produced it, inside the tail. */
  at: number;
}

const TSC_LINE = / error TS\d{1,6}:/;
const TEST_FAILURE = /(?:^|\s)(?:FAIL|✗|✘|×)\s|\b\d{1,9} (?:failed|failure|failing)\b/i;
const EMPTY_SEARCH = /^(?:No match(?:es)? found\.?|No files? matched\.?|0 results?|No results?\.?|No files found matching pattern.{0,200}|\(empty directory\))$/i;
const BLOCKER = /\b(?:fail|failed|fails|failure|failing|broken|cannot|can't|won't work|does not work|doesn't work|still (?:broken|failing|wrong)|blocked|blocker|not (?:fixed|resolved|working)|crash|crashes|crashed|crashing)\b/i;
const BLOCKER_START = /^["'`*_]?[A-Z`]/;

function tscFindings(text: string, at: number, cwd: string | undefined): Finding[] {
  const found: Finding[] = [];
  forEachLine(text, 400, (raw) => {
    const line = raw.trim();
    if (!TSC_LINE.test(line)) return false;
    const paren = line.indexOf("(");
    const tscPath = paren > 0 ? relativeToCwd(line.slice(0, paren), cwd) : undefined;
    found.push({ text: `[tsc] ${clip(line, 150)}`, severity: "ERROR", tscPath, at });
    return found.length >= 3;
  });
  return found;
}

function testFinding(text: string, at: number): Finding | undefined {
  if (!TEST_FAILURE.test(text.slice(0, MAX_SCAN_CHARS))) return undefined;
  return { text: `[tests] ${clip(firstNonEmptyLine(text), 150)}`, severity: "WARN", at };
}

function exitFinding(command: string, output: string, code: number, at: number): Finding {
  const shortCmd = clip(compressCommand(command), 80);
  const out = clip(firstNonEmptyLine(output), 120);
  const arrow = out !== "" && out !== shortCmd && !out.startsWith("Command exited with code") ? ` → ${out}` : "";
  return { text: `[bash:exit ${code}] ${shortCmd}${arrow}`, severity: code >= 1 ? "ERROR" : "WARN", at };
}

function searchPattern(result: ToolResultBlock): string {
  const args = result.call?.args ?? {};
  for (const key of ["pattern", "query", "glob"]) {
    const value = args[key];
    if (typeof value === "string") return clip(value, 60);
  }
  return "";
}

function resultFindings(result: ToolResultBlock, at: number, cwd: string | undefined): Finding[] {
  if (!result.isError) {
    if (!isSearchTool(result.name)) return [];
    const text = result.text.trim();
    if (text !== "" && !EMPTY_SEARCH.test(text.slice(0, 300))) return [];
    return [{ text: `[no matches] ${result.name} "${searchPattern(result)}"`, severity: "INFO", at }];
  }
  // A failing bash tool call: pi's bash tool ends its error text with `Command exited with code N`.
  if (result.exitCode !== undefined) {
    const command = result.call ? commandArgument(result.call.args) ?? "" : "";
    const tsc = tscFindings(result.text, at, cwd);
    return tsc.length > 0 ? tsc : [exitFinding(command, result.text, result.exitCode, at)];
  }
  const tsc = tscFindings(result.text, at, cwd);
  if (tsc.length > 0) return tsc;
  const tests = testFinding(result.text, at);
  if (tests) return [tests];
  const line = firstNonEmptyLine(result.text);
  return line === "" ? [] : [{ text: `[${result.name || "tool"}] ${clip(line, 150)}`, severity: "ERROR", at }];
}

function blockerFinding(text: string, user: boolean, at: number): Finding | undefined {
  let found: string | undefined;
  forEachLine(text, 60, (raw) => {
    const line = raw.trim();
    if (line.length < 15 || /^[-*+>] /.test(line) || line.startsWith("(")) return false;
    if (!BLOCKER_START.test(line) || !BLOCKER.test(line)) return false;
    found = line;
    return true;
  });
  if (found === undefined) return undefined;
  const sentence = clip(found, 150);
  return { text: user ? `[user] ${sentence}` : sentence, severity: "WARN", at };
}

function blockFindings(block: Block, at: number, cwd: string | undefined): Finding[] {
  switch (block.kind) {
    case "bash": {
      if (block.exitCode !== undefined && block.exitCode !== 0) return [exitFinding(block.command, block.output, block.exitCode, at)];
      const tsc = tscFindings(block.output, at, cwd);
      if (tsc.length > 0) return tsc;
      const tests = testFinding(block.output, at);
      return tests ? [tests] : [];
    }
    case "tool_result":
      return resultFindings(block, at, cwd);
    case "user":
    case "assistant": {
      const finding = blockerFinding(block.text, block.kind === "user", at);
      return finding ? [finding] : [];
    }
    default:
      return [];
  }
}

export function buildOutstanding(blocks: readonly Block[], cwd: string | undefined): string[] {
  const tail = blocks.slice(-OUTSTANDING_TAIL_BLOCKS);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  tail.forEach((block, at) => {
    for (const f of blockFindings(block, at, cwd)) {
      if (seen.has(f.text)) continue;
      seen.add(f.text);
      findings.push(f);
    }
  });
  // Last position at which each file was written, to mark earlier tsc errors in it as resolved.
  const lastWrite = new Map<string, number>();
  tail.forEach((block, at) => {
    if (block.kind !== "tool_call" || !isWriteTool(block.name)) return;
    const path = pathArgument(block.args);
    if (path !== undefined) lastWrite.set(relativeToCwd(path, cwd), at);
  });
  return findings.slice(0, OUTSTANDING_CAP).map((f) => {
    const written = f.tscPath === undefined ? undefined : lastWrite.get(f.tscPath);
    const tag = written !== undefined && written > f.at ? "RESOLVED" : f.severity;
    return `[${tag}] ${f.text}`;
  });
}
