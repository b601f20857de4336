// pi's convertToLlm: agent messages → the user/assistant/toolResult(/system) messages a model sees.
import type { AgentMessage, PiProfile } from "../types.js";
import {
  BRANCH_SUMMARY_PREFIX,
  BRANCH_SUMMARY_SUFFIX,
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SUMMARY_SUFFIX,
} from "./summary-messages.js";

/** The user-message text pi sends for a `!` bash execution. */
export function bashExecutionToText(msg: AgentMessage): string {
  let text = `Ran \`${msg.command}\`\n`;
  if (msg.output) text += `\`\`\`\n${msg.output}\n\`\`\``;
  else text += "(no output)";
  if (msg.cancelled) text += "\n\n(command cancelled)";
  else if (msg.exitCode !== null && msg.exitCode !== undefined && msg.exitCode !== 0) {
    text += `\n\nCommand exited with code ${msg.exitCode}`;
  }
  if (msg.truncated && msg.fullOutputPath) text += `\n\n[Output truncated. Full output: ${msg.fullOutputPath}]`;
  return text;
}

/** One message as the model sees it, or undefined when pi drops it. */
export function convertOneToLlm(m: AgentMessage, profile: PiProfile = "1.6"): AgentMessage | undefined {
  switch (m.role) {
    case "bashExecution":
      if (m.excludeFromContext) return undefined;
      return { role: "user", content: [{ type: "text", text: bashExecutionToText(m) }], timestamp: m.timestamp };
    case "custom":
      return {
        role: "user",
        content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
        timestamp: m.timestamp,
      };
    case "branchSummary":
      return {
        role: "user",
        content: [{ type: "text", text: BRANCH_SUMMARY_PREFIX + m.summary + BRANCH_SUMMARY_SUFFIX }],
        timestamp: m.timestamp,
      };
    case "compactionSummary":
      return {
        role: "user",
        content: [{ type: "text", text: COMPACTION_SUMMARY_PREFIX + m.summary + COMPACTION_SUMMARY_SUFFIX }],
        timestamp: m.timestamp,
      };
    case "system":
      // 0.73 did not know the role and dropped it; 1.6 passes the prompt state through.
      return profile === "1.6" ? m : undefined;
    case "user":
    case "assistant":
    case "toolResult":
      return m;
    default:
      return undefined;
  }
}

export function convertToLlm(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): AgentMessage[] {
  const out: AgentMessage[] = [];
  for (const m of messages) {
    const converted = convertOneToLlm(m, profile);
    if (converted !== undefined) out.push(converted);
  }
  return out;
}
