// A first look's message (session/lazy-message.ts): the tree reads a tool result's role, toolCallId
// and toolName (a user message's role) without parsing; any other read parses the line once, and
// from then on the object is, to every observer, the message JSON.parse gives.
import { describe, expect, it } from "vitest";
import { lazyMessage, type MessageHead } from "../../src/engine/session/lazy-message.js";

const LINE_MESSAGE =
  '{"role":"toolResult","toolCallId":"call_1","toolName":"read","content":[{"type":"text","text":"export const a = 1;\\n"}],"details":{"lines":1},"isError":false,"timestamp":1793610000000}';
const HEAD: MessageHead = { role: "toolResult", toolCallId: "call_1", toolName: "read" };

/** A lazy message over LINE_MESSAGE (or `line`), with a count of its parses. */
function counted(line = LINE_MESSAGE) {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  let parses = 0;
  const message = lazyMessage(HEAD, () => {
    parses++;
    return JSON.parse(line) as Record<string, unknown>;
  });
  return { message, parsed, parses: () => parses };
}

describe("lazyMessage: the head is read without parsing", () => {
  it("role, toolCallId and toolName come from the head, any number of times, and parse nothing", () => {
    const { message, parses } = counted();
    for (let i = 0; i < 3; i++) {
      expect(message.role).toBe("toolResult");
      expect(message.toolCallId).toBe("call_1");
      expect(message.toolName).toBe("read");
    }
    expect(typeof message).toBe("object");
    expect(Array.isArray(message)).toBe(false);
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(parses()).toBe(0);
  });

  it("a user message's head is its role alone: role is free, toolName is not", () => {
    const line = '{"role":"user","content":"please read src/config.ts","timestamp":1793610000000}';
    let parses = 0;
    const message = lazyMessage({ role: "user" }, () => (parses++, JSON.parse(line) as Record<string, unknown>));
    expect(message.role).toBe("user");
    expect(parses).toBe(0);
    expect(message.toolName).toBeUndefined();
    expect(parses).toBe(1);
    expect(message).toEqual(JSON.parse(line));
    expect(JSON.stringify(message)).toBe(line);
  });

  it("reading one message never parses another (they share one prototype and handler)", () => {
    const one = counted();
    const two = counted();
    expect(one.message.content).toEqual(one.parsed.content);
    expect(one.parses()).toBe(1);
    expect(two.parses()).toBe(0);
    expect(two.message.toolName).toBe("read");
    expect(two.parses()).toBe(0);
  });
});

// Each read below, on a fresh message, must parse exactly once and answer as the parsed message does.
const READS: [string, (m: Record<string, unknown>, parsed: Record<string, unknown>) => void][] = [
  ["a content key", (m, p) => expect(m.content).toEqual(p.content)],
  ["another key of the message", (m) => expect(m.isError).toBe(false)],
  ["a key the message does not have", (m) => expect(m.notThere).toBeUndefined()],
  ["`in` of a key it has", (m) => expect("details" in m).toBe(true)],
  ["`in` of a head key", (m) => expect("role" in m).toBe(true)],
  ["`in` of a key it lacks", (m) => expect("notThere" in m).toBe(false)],
  ["Object.keys", (m, p) => expect(Object.keys(m)).toEqual(Object.keys(p))],
  ["spread", (m, p) => expect({ ...m }).toEqual(p)],
  ["JSON.stringify", (m, p) => expect(JSON.stringify(m)).toBe(JSON.stringify(p))],
  ["Object.entries", (m, p) => expect(Object.entries(m)).toEqual(Object.entries(p))],
  ["Object.getOwnPropertyDescriptor", (m, p) => expect(Object.getOwnPropertyDescriptor(m, "details")).toEqual(Object.getOwnPropertyDescriptor(p, "details"))],
  ["Object.hasOwn", (m) => expect(Object.hasOwn(m, "timestamp")).toBe(true)],
  // eslint-disable-next-line no-prototype-builtins -- reading an inherited method is the case under test
  ["a method of Object.prototype", (m) => expect(m.hasOwnProperty("content")).toBe(true)],
  ["String()", (m) => expect(String(m)).toBe("[object Object]")],
];

describe("lazyMessage: any other read parses exactly once", () => {
  it.each(READS)("%s", (_, read) => {
    const { message, parsed, parses } = counted();
    read(message, parsed);
    expect(parses()).toBe(1);
    // Every later read is answered from the parsed message, with no second parse.
    for (const [, again] of READS) again(message, parsed);
    expect(parses()).toBe(1);
  });

  it("an assignment parses first, so the rest of the message is still there", () => {
    const { message, parsed, parses } = counted();
    message.isError = true;
    expect(parses()).toBe(1);
    expect(message).toEqual({ ...parsed, isError: true });
    expect(Object.keys(message)).toEqual(Object.keys(parsed));
  });

  it("an assignment of a head key parses too, and keeps the new value", () => {
    const { message, parses } = counted();
    message.toolName = "bash";
    expect(parses()).toBe(1);
    expect(message.toolName).toBe("bash");
    expect(message.content).toBeDefined();
  });

  it("delete parses first and removes only that key", () => {
    const { message, parsed, parses } = counted();
    expect(delete message.details).toBe(true);
    expect(parses()).toBe(1);
    expect("details" in message).toBe(false);
    const { details: _details, ...rest } = parsed;
    expect(message).toEqual(rest);
  });

  it("Object.defineProperty parses first", () => {
    const { message, parses } = counted();
    Object.defineProperty(message, "extra", { value: 1, enumerable: true, configurable: true, writable: true });
    expect(parses()).toBe(1);
    expect(Object.keys(message).at(-1)).toBe("extra");
    expect(message.content).toBeDefined();
  });
});

describe("lazyMessage: once parsed, it is the parsed message", () => {
  it("equals it: toEqual, JSON text, key order, descriptors, prototype", () => {
    const { message, parsed, parses } = counted();
    expect(message).toEqual(parsed);
    expect(JSON.stringify(message)).toBe(JSON.stringify(parsed));
    expect(JSON.stringify(message, null, 2)).toBe(JSON.stringify(parsed, null, 2));
    expect(Object.keys(message)).toEqual(["role", "toolCallId", "toolName", "content", "details", "isError", "timestamp"]);
    expect(Object.getOwnPropertyDescriptors(message)).toEqual(Object.getOwnPropertyDescriptors(parsed));
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(message.constructor).toBe(Object);
    expect(parses()).toBe(1);
  });

  it("a later duplicate of a head key in the line wins after the parse, as in JSON.parse", () => {
    const { message, parsed } = counted(LINE_MESSAGE.replace('"isError":false', '"toolName":"bash","isError":false'));
    expect(message.toolName).toBe("read");
    expect(message.content).toEqual(parsed.content);
    expect(message.toolName).toBe("bash");
    expect(message).toEqual(parsed);
    expect(JSON.stringify(message)).toBe(JSON.stringify(parsed));
  });

  it("leaks no symbol keys: Reflect.ownKeys, getOwnPropertySymbols, spread, Object.assign", () => {
    const { message } = counted();
    expect(Reflect.ownKeys(message).every((key) => typeof key === "string")).toBe(true);
    expect(Object.getOwnPropertySymbols(message)).toEqual([]);
    expect(Object.getOwnPropertySymbols({ ...message })).toEqual([]);
    expect(Object.getOwnPropertySymbols(Object.assign({}, message))).toEqual([]);
    expect(Reflect.ownKeys({ ...message })).toEqual(Object.keys(JSON.parse(LINE_MESSAGE) as object));
    expect(Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(message))).toEqual([]);
  });

});

// Objects JSON.parse makes that an assignment-based copy would get wrong.
describe("lazyMessage: a __proto__ key and a frozen message", () => {
  it("a message with an own __proto__ key (JSON.parse keeps it as a key) stringifies as the parsed message", () => {
    // Copying the parsed keys by assignment would set the prototype instead of creating the key.
    const { message, parsed } = counted(LINE_MESSAGE.replace('"isError":false', '"__proto__":{"polluted":true},"isError":false'));
    expect(Object.keys(parsed)).toContain("__proto__");
    expect(JSON.stringify(message)).toBe(JSON.stringify(parsed));
    expect((message as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("Object.freeze before any read freezes it as it freezes a parsed message", () => {
    const { message, parsed } = counted();
    Object.freeze(message);
    expect(Object.isFrozen(message)).toBe(true);
    expect(message).toEqual(parsed);
    expect(Object.keys(message)).toEqual(Object.keys(parsed));
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
  });
});
