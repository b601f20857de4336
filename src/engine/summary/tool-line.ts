// One-line rendering of a tool call for the brief transcript (vcc.md §2.5 "Tool one-liner").
import type { ToolCallBlock } from "./blocks.js";
import { commandArgument, isBashTool, pathArgument } from "./blocks.js";
import { compressCommand } from "./command.js";
import { clip, relativeToCwd, sanitize } from "./text.js";

function stringArg(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === "string" && value !== "" ? sanitize(value.slice(0, 400)) : undefined;
}

/** `* name "arg"` without ref, e.g. `* read "src/a.ts"`, `* grep "TODO" in src`, `* bash "npm test"`. */
export function toolCallText(call: ToolCallBlock, cwd: string | undefined): string {
  const name = call.name;
  const lower = name.toLowerCase();
  const pattern = stringArg(call.args, "pattern");
  const rawPath = pathArgument(call.args);
  const path = rawPath === undefined ? undefined : relativeToCwd(sanitize(rawPath), cwd);
  const command = isBashTool(name) ? commandArgument(call.args) : undefined;
  let text: string;
  if ((lower === "grep" || lower === "glob" || lower === "find") && pattern !== undefined) {
    text = `* ${name} "${clip(pattern, 80)}"${path !== undefined ? ` in ${clip(path, 120)}` : ""}`;
  } else if (path !== undefined) {
    text = `* ${name} "${clip(path, 200)}"`;
  } else if (command !== undefined) {
    text = `* ${name} "${compressCommand(sanitize(command))}"`;
  } else {
    const query = stringArg(call.args, "query");
    text = query !== undefined ? `* ${name} "${clip(query, 60)}"` : `* ${name}`;
  }
  return `${text}${outcomeSuffix(call)}`;
}

/** ` [exit N]` / ` [error]` when the call's own result (paired by id) failed. */
function outcomeSuffix(call: ToolCallBlock): string {
  const result = call.result;
  if (!result?.isError) return "";
  return result.exitCode !== undefined ? ` [exit ${result.exitCode}]` : " [error]";
}
