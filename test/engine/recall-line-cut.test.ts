// A long line read for a first build has the text no reader of the index takes cut out before it
// is parsed (recall/line-cut.ts). These tests hold the cuts themselves: that they are made, that
// what is left parses to the entry with only those strings shortened, and that nothing is cut
// where the cut could change what the line parses to (or whether it parses). That a streamed read
// of lines cut so prepares what the whole load prepares is held in test/store/recall-cache-stream.test.ts.
import { describe, expect, it } from "vitest";
import { TOOL_RESULT_CAP } from "../../src/engine/recall/document.js";
import { cutUnreadText, LONG_LINE_BYTES, toolTextCutsHold } from "../../src/engine/recall/line-cut.js";
import { rng } from "../store/recall-sessions.js";

const bytes = (json: string): Buffer => Buffer.from(json, "utf8");
const entry = (message: object): string => JSON.stringify({ type: "message", id: "m1", parentId: "p", timestamp: "2026-03-01T10:00:01.000Z", message });
const big = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** The line cut, parsed. */
function cutParsed(json: string) {
  const cut = cutUnreadText(bytes(json));
  if (!cut) return null;
  return { cut, value: JSON.parse(cut.bytes.toString("utf8")) as { message: Record<string, unknown> & { content: Record<string, unknown>[] } } };
}

const output = `${big("line of output \"quoted\" \\ back\n", 60_000)}`;
const toolResult = (extra: object = {}) =>
  entry({
    role: "toolResult",
    toolCallId: "c1",
    toolName: "bash",
    content: [{ type: "text", text: output }, { type: "image", mimeType: "image/png", data: big("iVBORw0KGgo", 80_000) }],
    details: { truncation: { content: big("full output\n", 90_000), lines: 5000 }, list: [big("x", 5000), 1, { deep: big("y", 5000) }] },
    isError: false,
    timestamp: 3,
    ...extra,
  });

describe("what a long line has cut", () => {
  it("a tool result: its details' strings and its images' bytes emptied, its output kept past the index's cap", () => {
    const { cut, value } = cutParsed(toolResult())!;
    expect(cut.bytes.length).toBeLessThan(16_000);
    const original = JSON.parse(toolResult());
    const text = value.message.content[0].text as string;
    expect(text.length).toBeGreaterThan(TOOL_RESULT_CAP);
    expect(original.message.content[0].text.startsWith(text)).toBe(true);
    expect(cut.toolTexts).toEqual([0]);
    expect(value.message.content[1]).toEqual({ type: "image", mimeType: "image/png", data: "" });
    expect(value.message.details).toEqual({ truncation: { content: "", lines: 5000 }, list: ["", 1, { deep: "" }] });
    // Everything else as it was.
    expect({ ...value, message: { ...value.message, content: undefined, details: undefined } }).toEqual({ ...original, message: { ...original.message, content: undefined, details: undefined } });
    expect(toolTextCutsHold(value, cut)).toBe(true);
  });

  it("the output of an error, and texts of other roles, whole (the index keeps them whole); their images and details cut", () => {
    for (const json of [
      toolResult({ isError: true }),
      entry({ role: "user", content: [{ type: "text", text: output }, { type: "image", mimeType: "image/png", data: big("AAAA", 50_000) }], timestamp: 1 }),
      entry({ role: "assistant", content: [{ type: "text", text: output }], details: { x: big("d", 50_000) }, timestamp: 2 }),
    ]) {
      const { cut, value } = cutParsed(json)!;
      expect(cut.toolTexts).toEqual([]);
      expect(value.message.content[0].text).toBe(output);
    }
    // Nothing to cut at all: no cut.
    expect(cutUnreadText(bytes(entry({ role: "user", content: output, timestamp: 1 })))).toBeNull();
  });

  it("a screenshot of several MB is cut too, and the cut line before it stays as it was", () => {
    const first = cutUnreadText(bytes(toolResult()))!;
    const firstText = first.bytes.toString("utf8");
    const screenshot = entry({ role: "user", content: [{ type: "text", text: "look" }, { type: "image", mimeType: "image/png", data: big("iVBORw0KGgo", 6_000_000) }], timestamp: 1 });
    const { cut, value } = cutParsed(screenshot)!;
    expect(cut.bytes.length).toBeLessThan(400);
    expect(value.message.content).toEqual([{ type: "text", text: "look" }, { type: "image", mimeType: "image/png", data: "" }]);
    expect(first.bytes.toString("utf8")).toBe(firstText);
    expect(cutParsed(toolResult())!.cut.bytes.toString("utf8")).toBe(firstText);
  });

  it("short lines are left alone", () => {
    const short = entry({ role: "toolResult", content: [{ type: "image", data: big("A", LONG_LINE_BYTES - 200) }] });
    expect(bytes(short).length).toBeLessThan(LONG_LINE_BYTES);
    expect(cutUnreadText(bytes(short))).toBeNull();
  });

  it("a key written with an escape is never taken for one that is cut", () => {
    const original = JSON.parse(toolResult());
    expect(cutUnreadText(bytes(toolResult().replace('"details"', '"det\\u0061ils"').replace('"data"', '"d\\u0061ta"').replace('"text":"line', '"te\\u0078t":"line')))).toBeNull();
    const { value } = cutParsed(toolResult().replace('"details"', '"det\\u0061ils"'))!;
    expect(value.message.details).toEqual(original.message.details);
    expect(value.message.content[1].data).toBe("");
    expect((value.message.content[0].text as string).length).toBeLessThan(output.length);
  });

  it("nothing is cut from a line that would not parse: a raw control char or a bad escape in what would go, a line cut short", () => {
    const withDetails = (inner: string) => toolResult().replace('"lines":5000', `"lines":5000,"raw":"${big("z", 4000)}${inner}${big("z", 4000)}"`);
    for (const json of [withDetails("\t"), withDetails("\u0001"), withDetails("\\x"), withDetails("\\u12g4"), toolResult().slice(0, 150_000), `${toolResult()}}`.replace("{", "[")]) {
      let parses = true;
      try {
        JSON.parse(json);
      } catch {
        parses = false;
      }
      expect(parses).toBe(false);
      const cut = cutUnreadText(bytes(json));
      if (cut) expect(() => JSON.parse(cut.bytes.toString("utf8"))).toThrow();
    }
  });

  it("keeps whole chars and escapes: random outputs of multi-byte chars and escapes, cut wherever the kept bytes end", () => {
    const next = rng(7);
    const alphabet = ["a", " ", "é", "東", "😀", "𝐀", "\n", '"', "\\", "\u001b", "\ud83d", "\u0301", "\t"];
    const keep = 6 * (TOOL_RESULT_CAP + 1);
    for (let round = 0; round < 60; round++) {
      let text = "";
      while (text.length < keep + 2000 + Math.floor(next() * 4000)) text += alphabet[Math.floor(next() * alphabet.length)];
      const json = entry({ role: "toolResult", toolCallId: "c", toolName: "read", content: [{ type: "text", text }], isError: false });
      const got = cutParsed(json);
      if (!got) continue;
      const kept = got.value.message.content[0].text as string;
      expect(kept.length).toBeGreaterThan(TOOL_RESULT_CAP);
      expect(text.startsWith(kept)).toBe(true);
    }
  });
});

describe("toolTextCutsHold: the parsed entry is one whose output the index caps", () => {
  const cut = { bytes: Buffer.alloc(0), toolTexts: [1] };
  const message = (m: object) => ({ type: "message", message: m });
  it("a tool result, not an error, the text a text block", () => {
    expect(toolTextCutsHold(message({ role: "toolResult", content: [{ type: "image" }, { type: "text", text: "x" }] }), cut)).toBe(true);
    expect(toolTextCutsHold(message({ role: "toolResult", isError: true, content: [{}, { type: "text", text: "x" }] }), cut)).toBe(false);
    expect(toolTextCutsHold(message({ role: "user", content: [{}, { type: "text", text: "x" }] }), cut)).toBe(false);
    expect(toolTextCutsHold(message({ role: "toolResult", content: [{}, { type: "thinking", text: "x" }] }), cut)).toBe(false);
    expect(toolTextCutsHold(message({ role: "toolResult", content: [{ type: "text", text: "x" }] }), cut)).toBe(false);
    expect(toolTextCutsHold(message({ role: "toolResult", content: "x" }), cut)).toBe(false);
    expect(toolTextCutsHold(null, cut)).toBe(false);
    expect(toolTextCutsHold(null, { ...cut, toolTexts: [] })).toBe(true);
  });

  it("keys written twice: the module judges by the last, the check by what JSON.parse kept", () => {
    const text = big("out ", 40_000);
    const head = '{"type":"message","id":"m","message":{';
    const block = `"content":[{"type":"text","text":"${text}"}]`;
    // Role toolResult last: cut, and it holds.
    let got = cutParsed(`${head}"role":"user",${block},"role":"toolResult"}}`)!;
    expect(got.cut.toolTexts).toEqual([0]);
    expect(toolTextCutsHold(got.value, got.cut)).toBe(true);
    // Role user last: not cut.
    expect(cutParsed(`${head}"role":"toolResult",${block},"role":"user"}}`)).toBeNull();
    // isError true then false: the last counts.
    got = cutParsed(`${head}"role":"toolResult","isError":true,${block},"isError":false}}`)!;
    expect(got.cut.toolTexts).toEqual([0]);
    // A second content without the text: the cut no longer holds (the line is then parsed whole).
    got = cutParsed(`${head}"role":"toolResult",${block},"content":[]}}`)!;
    expect(toolTextCutsHold(got.value, got.cut)).toBe(false);
    // A second message whose content is no list: does not hold.
    got = cutParsed(`{"type":"message","id":"m","message":{"role":"toolResult",${block}},"message":{"role":"toolResult","content":"x"}}`)!;
    expect(toolTextCutsHold(got.value, got.cut)).toBe(false);
  });
});
