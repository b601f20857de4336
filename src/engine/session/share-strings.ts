// Equal strings that JSON.parse makes once per line, kept as one copy while a session loads.
// Replacing a string by an equal one changes no answer (strings compare by value); only the copy
// the entry points to changes. On synth-deep (docs/PERFORMANCE.md, cli-deep) this keeps about
// 1.3 MB of copies out of the parsed session: 5,000 copies of each model name, a toolResult's
// toolCallId next to the same id in its assistant's tool call, tool calls' paths and commands.

const MODEL_FIELDS = ["api", "provider", "model"] as const;
/** Tool call arguments that repeat across calls (the same file, the same command). */
const ARGUMENT_FIELDS = ["path", "command"] as const;
/** Longer argument values are rarely repeated and would cost more to hash than they save. */
const MAX_SHARED_ARGUMENT = 512;

export class StringSharing {
  private readonly shared = new Map<string, string>();
  /** The tool call ids of the last assistant message: the toolResults that follow answer them. */
  private callIds: string[] = [];

  /** Share what `record` (a parsed entry) repeats; it is changed in place. */
  entry(record: Record<string, unknown>): void {
    if (record.type !== "message") return;
    const message = record.message;
    if (!isRecord(message)) return;
    if (message.role === "assistant") this.assistant(message);
    else if (message.role === "toolResult") this.toolResult(message);
  }

  // Indexed loops, not for...of: see the note on hot loops in src/cli/one-shot-v8.ts.
  private assistant(message: Record<string, unknown>): void {
    for (let f = 0; f < MODEL_FIELDS.length; f++) this.share(message, MODEL_FIELDS[f], Infinity);
    const ids: string[] = [];
    const content = message.content;
    if (Array.isArray(content)) {
      for (let i = 0; i < content.length; i++) {
        const block: unknown = content[i];
        if (!isRecord(block) || block.type !== "toolCall") continue;
        if (typeof block.id === "string") ids.push(block.id);
        const args = block.arguments;
        if (isRecord(args)) for (let f = 0; f < ARGUMENT_FIELDS.length; f++) this.share(args, ARGUMENT_FIELDS[f], MAX_SHARED_ARGUMENT);
      }
    }
    this.callIds = ids;
  }

  private toolResult(message: Record<string, unknown>): void {
    const id = message.toolCallId;
    if (typeof id !== "string") return;
    const calls = this.callIds;
    for (let i = 0; i < calls.length; i++) {
      if (calls[i] === id) {
        message.toolCallId = calls[i]; // equal: only the copy it points to changes
        return;
      }
    }
  }

  private share(holder: Record<string, unknown>, field: string, maxLength: number): void {
    const value = holder[field];
    if (typeof value !== "string" || value.length > maxLength) return;
    const kept = this.shared.get(value);
    if (kept === undefined) this.shared.set(value, value);
    else holder[field] = kept; // equal: only the copy it points to changes
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
