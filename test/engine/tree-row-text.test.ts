// Row text as pi 1.6's tree selector words it (getEntryDisplayText), shared by the app's rows and the
// CLI's `tree` text: the edge cases where the CLI's former copy differed from pi.
import { describe, expect, it } from "vitest";
import { entryRowText } from "../../src/cli/text/entry-row-text.js";
import { entryRowSegments, shortenHome, toolCallsOf, type SessionEntry } from "../../src/engine/index.js";

const entry = (fields: Record<string, unknown>): SessionEntry => ({ id: "e1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", ...fields }) as unknown as SessionEntry;
const text = (e: SessionEntry, home = "/home/u") => entryRowSegments(e, new Map(), home).map((s) => s.text).join("");

describe("entryRowSegments", () => {
  it("an empty label is shown empty, only a missing one as (cleared)", () => {
    expect(text(entry({ type: "label", targetId: "x", label: "" }))).toBe("[label: ]");
    expect(text(entry({ type: "label", targetId: "x" }))).toBe("[label: (cleared)]");
  });

  it("a title of spaces is still a title; no name is the italic 'empty'", () => {
    expect(text(entry({ type: "session_info", name: "  " }))).toBe("[title:   ]");
    const empty = entryRowSegments(entry({ type: "session_info" }), new Map(), "/home/u");
    expect(empty.map((s) => s.text).join("")).toBe("[title: empty]");
    expect(empty.find((s) => s.text === "empty")?.italic).toBe(true);
  });

  it("entry types pi does not word draw nothing", () => {
    expect(entryRowSegments(entry({ type: "usage", kind: "cache_warm" }), new Map(), "/")).toEqual([]);
  });

  it("tool results name their call with pi's read range and home shortening", () => {
    const call = entry({ type: "message", message: { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "read", arguments: { path: "/home/u/p/a.ts", offset: "5", limit: 10 } }] } });
    const result = entry({ id: "r1", type: "message", message: { role: "toolResult", toolCallId: "c1", toolName: "read", content: [] } });
    expect(entryRowSegments(result, toolCallsOf([call]), "/home/u").map((s) => s.text).join("")).toBe("[read: ~/p/a.ts:5-14]");
  });
});

describe("shortenHome (pi's shortenHomePath)", () => {
  it("shortens only whole leading path components", () => {
    expect(shortenHome("/home/u/x", "/home/u")).toBe("~/x");
    expect(shortenHome("/home/u", "/home/u/")).toBe("~");
    expect(shortenHome("/home/user2/x", "/home/user")).toBe("/home/user2/x");
    expect(shortenHome("rel/x", "/home/u")).toBe("rel/x");
    expect(shortenHome("/srv/x", "/")).toBe("~/srv/x");
    expect(shortenHome("/srv/x", undefined)).toBe("/srv/x");
  });
});

describe("the CLI's row text", () => {
  it("is the same segments, joined and sanitized to one line", () => {
    const user = entry({ type: "message", message: { role: "user", content: "fix\tthe\n\x1b[31mbug" } });
    expect(entryRowText(user, new Map(), "/home/u")).toBe("user: fix the ␛[31mbug");
  });
});
