// Rows matched by content stay matchable when a message nests 100,000 levels (a tool call's
// arguments as the model sent them): the content key is written without the call stack.
import { describe, expect, it } from "vitest";
import { diffContexts } from "../../src/engine/diff/index.js";

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe("context diff: deep message content", () => {
  it("keeps an identical deep message from another entry as a kept row", () => {
    const message = { role: "assistant", content: [{ type: "toolCall", id: "t1", name: "x", arguments: nested(100_000) }] };
    const diff = diffContexts([{ role: "assistant", id: "a1", tokens: 5, message }], [{ role: "assistant", id: "b1", tokens: 5, message }]);
    expect(diff.rows.map((r) => r.status)).toEqual(["kept"]);
  });
});
