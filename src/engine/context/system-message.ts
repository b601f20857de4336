// pi-ai's getCurrentSystemMessage: replay every system message into one (prompt + sections + tools).
import type { AgentMessage } from "../types.js";
import { contentText } from "./content-text.js";

interface NamedTool {
  name: string;
  [key: string]: unknown;
}

function currentTools(messages: readonly AgentMessage[]): NamedTool[] {
  const tools = new Map<string, NamedTool>();
  for (const message of messages) {
    if (message.role !== "system") continue;
    for (const tool of message.toolsRemoved ?? []) tools.delete(tool.name);
    for (const tool of (message.toolsAdded ?? []) as NamedTool[]) tools.set(tool.name, tool);
  }
  return [...tools.values()];
}

/** The checkpoint a 1.6 compaction stores: undefined when there is no system state at all. */
export function getCurrentSystemMessage(messages: readonly AgentMessage[]): AgentMessage | undefined {
  const content: string[] = [];
  const sections = new Map<string, string>();
  let timestamp: number | undefined;
  for (const message of messages) {
    if (message.role !== "system") continue;
    timestamp ??= message.timestamp;
    const text = contentText(message.content);
    if (text.length > 0) content.push(text);
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
  }
  const tools = currentTools(messages);
  if (timestamp === undefined && tools.length === 0) return undefined;
  return {
    role: "system",
    content: content.join("\n\n"),
    ...(sections.size > 0 ? { sections: Object.fromEntries(sections) } : {}),
    ...(tools.length > 0 ? { toolsAdded: tools } : {}),
    timestamp: timestamp ?? 0,
  };
}
