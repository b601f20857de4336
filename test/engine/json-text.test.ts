// stringifyJson is JSON.stringify at any depth: the same text where JSON.stringify works, and the
// text it would give (were the stack deep enough) where it overflows.
import { describe, expect, it } from "vitest";
import { docContent, ENTRY_TEXT_CAP, stringifyJson } from "../../src/engine/index.js";

const samples: unknown[] = [
  null,
  0,
  -1.5e-7,
  "a\u2028\"\\",
  [],
  {},
  [1, undefined, () => 1, Number.NaN, { a: undefined, b: [null] }],
  { z: 1, a: { nested: [[], {}], date: new Date(0) }, s: "x" },
];

describe("stringifyJson", () => {
  it.each(samples.map((s) => [s]))("matches JSON.stringify for %j, compact and indented", (value) => {
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    expect(stringifyJson(value, 2)).toBe(JSON.stringify(value, null, 2));
  });

  it("writes 100,000 levels that JSON.stringify cannot", () => {
    let deep: unknown = { leaf: [1, "two", null] };
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { a: deep, b: i } : [deep, i];
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyJson(deep)!;
    // The same text a deeper stack would give: check its two ends and its length.
    expect(text.startsWith('{"a":[{"a":[')).toBe(true);
    expect(text.endsWith(',99998],"b":99999}')).toBe(true);
    expect(text.includes('{"leaf":[1,"two",null]}')).toBe(true);
    expect(stringifyJson(JSON.parse(text))).toBe(text);
    // Indented, it would be quadratic in the depth: too deep for JSON.stringify means compact.
    expect(stringifyJson(deep, 2)).toBe(text);
    let shallow: unknown = { leaf: [1, "two", null] };
    for (let i = 0; i < 1000; i++) shallow = i % 2 ? { a: shallow, b: i } : [shallow, i];
    expect(stringifyJson(shallow)).toBe(JSON.stringify(shallow));
  });

  it("gives undefined where JSON.stringify does, and refuses a cycle as it does", () => {
    expect(stringifyJson(undefined)).toBeUndefined();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
  });
});

describe("what one entry costs the recall index", () => {
  it("is capped at ENTRY_TEXT_CAP characters; expand (full) keeps it whole", () => {
    const entry = { type: "message", id: "u1", parentId: null, timestamp: "t", message: { role: "user", content: "w ".repeat(ENTRY_TEXT_CAP), timestamp: 1 } };
    const capped = docContent(entry as never, new Map());
    expect(capped!.text.length).toBe(ENTRY_TEXT_CAP + 1);
    expect(capped!.text.endsWith("…")).toBe(true);
    expect(docContent(entry as never, new Map(), true)!.text.length).toBe(2 * ENTRY_TEXT_CAP);
  });
});
