// The fingerprint that compares our preparation with pi's: the same for the same JSON value whatever
// the key order, and computed at any depth (a tool call's arguments may nest 100,000 levels).
import { describe, expect, it } from "vitest";
import { messagePrint } from "../../src/pi-bridge/preparation.js";

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

describe("messagePrint", () => {
  it("ignores key order and undefined fields, and tells different values apart", () => {
    const a = messagePrint({ role: "user", timestamp: 1, content: [{ type: "text", text: "hi" }], extra: undefined });
    const b = messagePrint({ content: [{ text: "hi", type: "text" }], timestamp: 1, role: "user" });
    const c = messagePrint({ role: "user", timestamp: 1, content: [{ type: "text", text: "hi!" }] });
    expect(a).toEqual(b);
    expect(a.digest).not.toBe(c.digest);
    expect(messagePrint({ role: "user", x: [undefined, 1] }).digest).toBe(messagePrint({ role: "user", x: [null, 1] }).digest);
  });

  it("fingerprints a message nested 100,000 levels without a stack overflow", () => {
    const deep = { role: "assistant", timestamp: 2, content: [{ type: "toolCall", id: "c1", name: "x", arguments: nested(100_000, 1) }] };
    const other = { role: "assistant", timestamp: 2, content: [{ type: "toolCall", id: "c1", name: "x", arguments: nested(100_000, 2) }] };
    const print = messagePrint(deep);
    expect(print.role).toBe("assistant");
    expect(print.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(messagePrint(other).digest).not.toBe(print.digest);
  });
});
