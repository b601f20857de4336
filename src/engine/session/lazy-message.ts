// A tool result's message that is parsed only when something reads past its start. The first look
// at a large file (store/first-look.ts) takes role, toolCallId and toolName from the start of the
// line: that is all the tree's rows, filters and connectors need from a tool result, and tool
// results are most of a long session's bytes. Any other read (content, isError, keys, spread,
// JSON.stringify) parses the whole line once; from then on the object behaves as the parsed message.

/** The fields a first look reads from the start of a tool result's line. */
export interface ToolResultHead {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
}

const HEAD_KEYS: ReadonlySet<PropertyKey> = new Set(["role", "toolCallId", "toolName"]);

/**
 * A message object that answers `role`, `toolCallId` and `toolName` from `head` and everything else
 * from `parse()`, called at most once. `parse` returns the message exactly as JSON.parse of the line
 * gives it.
 */
export function lazyMessage(head: ToolResultHead, parse: () => Record<string, unknown>): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  let parsed = false;
  const whole = (): Record<string, unknown> => {
    if (!parsed) {
      parsed = true;
      Object.assign(target, parse());
    }
    return target;
  };
  return new Proxy(target, {
    get: (_, key) => (!parsed && HEAD_KEYS.has(key) ? head[key as keyof ToolResultHead] : Reflect.get(whole(), key)),
    has: (_, key) => Reflect.has(whole(), key),
    ownKeys: () => Reflect.ownKeys(whole()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(whole(), key),
    set: (_, key, value) => Reflect.set(whole(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(whole(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(whole(), key, descriptor),
  });
}
