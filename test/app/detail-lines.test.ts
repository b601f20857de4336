// The detail pane's words for two things issue 11 saw: a parent lost on a damaged line (the pane
// said "parent: 3a4c0d52" as if it were there) and thinking with no text (an empty heading).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detailLines } from "../../components/tree/detail-lines.js";
import { flattenTree } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";
import { treeFromText } from "./load-fixture.js";

const textOf = (tree: ReturnType<typeof treeFromText>, id: string): string => {
  const flat = flattenTree(tree);
  const node = flat.nodes[flat.indexOf.get(id)!];
  const lines = detailLines(node, { inContext: false, tokens: 1 }, 200);
  return lines
    .slice(0, lines.total())
    .map((cells) => cells.map((c) => c.text).join(""))
    .join("\n");
};

describe("detail pane facts", () => {
  it("says a parent is lost when no entry in the file has its id", () => {
    const tree = treeFromText(readFileSync(join(FIXTURES, "damaged", "orphan.jsonl"), "utf8"));
    expect(textOf(tree, "o1")).toContain("parent: gone (lost: no entry in the file has this id, e.g. it was on a damaged line; pi shows this entry as a root)");
    expect(textOf(tree, "a1")).toMatch(/parent: u1$/m);
    expect(textOf(tree, "u1")).toContain("parent: (root)");
  });

  it("names an empty thinking block instead of drawing an empty heading", () => {
    const lines = [
      { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } },
      {
        type: "message",
        id: "a1",
        parentId: "u1",
        timestamp: "2026-01-01T00:00:02.000Z",
        message: { role: "assistant", content: [{ type: "thinking", thinking: "", thinkingSignature: "sig" }, { type: "text", text: "hello" }], provider: "p", model: "m", stopReason: "stop", timestamp: 2 },
      },
    ];
    const text = textOf(treeFromText(lines.map((l) => JSON.stringify(l)).join("\n")), "a1");
    expect(text).toContain("thinking (empty: no text stored)");
    expect(text).not.toMatch(/^thinking$/m);
    expect(text).toMatch(/^text\nhello$/m);
  });
});
