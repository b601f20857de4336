// A message that is parsed only when something reads past its start. The first look at a large file
// (store/first-look.ts) takes a tool result's role, toolCallId and toolName, or a user message's
// role, from the start of the line: that is all the tree's filters and connectors need from them,
// and tool results are most of a long session's bytes. Any other read (content, isError, keys,
// spread, JSON.stringify) parses the whole line once; from then on the object behaves as the parsed
// message.

/** The fields a first look reads from the start of a message's line, in the line's order. */
export type MessageHead = { role: "toolResult"; toolCallId: string; toolName: string } | { role: "user" };

type Message = Record<string, unknown>;

// Kept on the target itself (a WeakMap entry per message costs more than the rest of the message):
// how to parse it, until it is parsed, and the target, for the shared prototype's trap, which is
// given the proxy. Neither is ever seen from outside: the traps below leave them out.
const PARSE = Symbol("parse");
const TARGET = Symbol("target");
const isHidden = (key: PropertyKey): boolean => key === PARSE || key === TARGET;

interface Target extends Message {
  [PARSE]?: () => Message;
  [TARGET]: Target;
}

/** The target with every key of the parsed message (the head's keys come first in the line too). */
function whole(target: Target): Target {
  const parse = target[PARSE];
  if (parse !== undefined) {
    target[PARSE] = undefined;
    const parsed = parse();
    // Defined, not assigned: a "__proto__" key in the line is an own key, as JSON.parse makes it.
    for (const key of Object.keys(parsed)) {
      Object.defineProperty(target, key, { value: parsed[key], writable: true, enumerable: true, configurable: true });
    }
  }
  return target;
}

// Reads of the head's fields are plain property reads (the tree makes thousands): no trap runs. A
// read of any other key misses the target and reaches this prototype, whose trap parses. One
// prototype and one handler for all messages, so the targets share one shape.
const PARSE_ON_MISS = new Proxy(
  {},
  {
    get: (_, key, receiver: { [TARGET]?: Target }) => {
      if (isHidden(key)) return undefined;
      const target = receiver[TARGET];
      if (target !== undefined && Object.hasOwn(whole(target), key)) return target[key as string];
      return Reflect.get(Object.prototype, key, receiver);
    },
  },
);

const HANDLER: ProxyHandler<Target> = {
  // Seen from outside it is a plain object, as JSON.parse makes them.
  getPrototypeOf: () => Object.prototype,
  has: (target, key) => !isHidden(key) && Reflect.has(whole(target), key),
  ownKeys: (target) => Reflect.ownKeys(whole(target)).filter((key) => !isHidden(key)),
  getOwnPropertyDescriptor: (target, key) => (isHidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(whole(target), key)),
  set: (target, key, value) => !isHidden(key) && Reflect.set(whole(target), key, value),
  deleteProperty: (target, key) => !isHidden(key) && Reflect.deleteProperty(whole(target), key),
  defineProperty: (target, key, descriptor) => !isHidden(key) && Reflect.defineProperty(whole(target), key, descriptor),
  // Object.freeze and the like: the message is parsed first and becomes a plain object (hidden keys
  // and parsing prototype gone), because a closed object must show its keys and prototype as they are.
  preventExtensions: (target) => {
    whole(target);
    delete target[PARSE];
    delete (target as Partial<Target>)[TARGET];
    Object.setPrototypeOf(target, Object.prototype);
    return Reflect.preventExtensions(target);
  },
};

/**
 * A message object that answers the keys of `head` from it and everything else from `parse()`, called
 * at most once. `parse` returns the message exactly as JSON.parse of the line gives it, with a
 * `content` that is not null or missing (the caller checks the line; hasContent relies on it).
 */
export function lazyMessage(head: MessageHead, parse: () => Message): Message {
  const target = Object.create(PARSE_ON_MISS) as Target;
  target.role = head.role;
  if (head.role === "toolResult") {
    target.toolCallId = head.toolCallId;
    target.toolName = head.toolName;
  }
  target[PARSE] = parse;
  target[TARGET] = target;
  return new Proxy(target, HANDLER);
}

/**
 * `message.content` is neither null nor undefined, answered without parsing a lazy message that is
 * not parsed yet (its content is there: lazyMessage's promise). The context asks this of every
 * message on a path; a first look's path then stays unparsed until something reads its content.
 */
export function hasContent(message: object): boolean {
  if ((message as Partial<Target>)[PARSE] !== undefined) return true;
  return (message as { content?: unknown }).content != null;
}
