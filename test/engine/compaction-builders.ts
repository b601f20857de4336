// Hand-written session entries for engine unit tests: small, readable, one chain by default.
import type { AgentMessage, SessionEntry, Usage } from "../../src/engine/types.js";

let clock = Date.parse("2026-01-01T00:00:00.000Z");
const tick = (): { iso: string; ms: number } => {
  clock += 1000;
  return { iso: new Date(clock).toISOString(), ms: clock };
};

export const text = (chars: number, ch = "x"): string => ch.repeat(chars);

export const usage = (total: number, parts: Partial<Usage> = {}): Usage => ({
  input: total,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: total,
  ...parts,
});

type Draft = Omit<SessionEntry, "parentId" | "timestamp"> & { parentId?: string | null; timestamp?: string };

function message(id: string, msg: AgentMessage): Draft {
  return { type: "message", id, message: msg };
}

export const user = (id: string, content: AgentMessage["content"]): Draft => message(id, { role: "user", content, timestamp: 0 });

export function assistant(
  id: string,
  opts: { text?: string; thinking?: string; calls?: { name: string; args: Record<string, unknown> }[]; usage?: Usage; stopReason?: string } = {},
): Draft {
  const content: unknown[] = [];
  if (opts.thinking !== undefined) content.push({ type: "thinking", thinking: opts.thinking });
  if (opts.text !== undefined) content.push({ type: "text", text: opts.text });
  for (const c of opts.calls ?? []) content.push({ type: "toolCall", id: `call-${id}`, name: c.name, arguments: c.args });
  return message(id, {
    role: "assistant",
    content: content as AgentMessage["content"],
    provider: "anthropic",
    model: "claude-test",
    usage: opts.usage ?? usage(0),
    stopReason: opts.stopReason ?? "stop",
    timestamp: 0,
  });
}

export const toolResult = (id: string, body: string): Draft =>
  message(id, { role: "toolResult", toolCallId: "c", toolName: "read", content: [{ type: "text", text: body }], isError: false, timestamp: 0 });

export const system = (id: string, content: string, extra: Partial<AgentMessage> = {}): Draft =>
  message(id, { role: "system", content, timestamp: 0, ...extra });

export const meta = (id: string, type: string, fields: Record<string, unknown> = {}): Draft => ({ type, id, ...fields });

/** Links the drafts into one chain (unless a draft sets parentId) with rising timestamps. */
export function chain(...drafts: Draft[]): SessionEntry[] {
  const out: SessionEntry[] = [];
  for (const d of drafts) {
    const t = tick();
    const entry = { ...d, parentId: d.parentId !== undefined ? d.parentId : (out[out.length - 1]?.id ?? null), timestamp: d.timestamp ?? t.iso } as SessionEntry;
    if (entry.type === "message" && entry.message) entry.message = { ...(entry.message as AgentMessage), timestamp: t.ms };
    out.push(entry);
  }
  return out;
}

/** Example 1 of pi-engine.md §14: e1 user … e9 tool, 100 tokens each. */
export function example1(): SessionEntry[] {
  const t = text(400);
  return chain(
    user("e1", t),
    assistant("e2", { text: t, usage: usage(300) }),
    toolResult("e3", t),
    user("e4", t),
    assistant("e5", { text: t, usage: usage(700) }),
    toolResult("e6", t),
    toolResult("e7", t),
    assistant("e8", { text: t, usage: usage(1100) }),
    toolResult("e9", t),
  );
}

export const ids = (list: readonly { sourceId: string | null }[]): (string | null)[] => list.map((m) => m.sourceId);
