// The recall screen bounds a regular expression by time, as the CLI does: safe patterns that a
// shape check would refuse run, and one that backtracks without end is stopped with a clear message
// instead of holding the screen.
import { describe, expect, it } from "vitest";
import { buildRecallIndexForTree } from "../../src/engine/index.js";
import { runRecall } from "../../components/recall/run-recall.js";
import { treeFromText } from "./load-fixture.js";

const line = (o: unknown) => JSON.stringify(o);
const header = line({ type: "session", version: 3, id: "s1", timestamp: "2026-03-20T10:00:00.000Z", cwd: "/p" });
const user = (id: string, parentId: string | null, text: string) =>
  line({ type: "message", id, parentId, timestamp: "2026-03-20T10:00:01.000Z", message: { role: "user", content: [{ type: "text", text }], timestamp: 1 } });

function indexOf(...texts: string[]) {
  const lines = [header];
  texts.forEach((t, i) => lines.push(user(`u${i}`, i === 0 ? null : `u${i - 1}`, t)));
  return buildRecallIndexForTree(treeFromText(lines.join("\n") + "\n"));
}

describe("recall screen: regular expressions bounded by time", () => {
  it("runs safe patterns a shape check refuses: an IP address, an alternation repeated", () => {
    const index = indexOf("the server at 10.0.12.7 answered", "foobarfoo in a row");
    const ip = runRecall(index, { query: String.raw`/(\d{1,3}\.){3}\d{1,3}/`, scope: { kind: "all" }, page: 1 }, Date.now);
    expect(ip.kind).toBe("search");
    if (ip.kind === "search") expect(ip.page.total).toBe(1);
    const alt = runRecall(index, { query: "/(foo|bar)+/", scope: { kind: "all" }, page: 1 }, Date.now);
    expect(alt.kind).toBe("search");
    if (alt.kind === "search") expect(alt.page.total).toBe(1);
  });

  it("stops a pattern that backtracks without end and says so", () => {
    const index = indexOf("a".repeat(8000));
    const outcome = runRecall(index, { query: "/a{0,50}a{0,50}a{0,50}a{0,50}c/", scope: { kind: "all" }, page: 1 }, Date.now);
    expect(outcome.kind).toBe("error");
    if (outcome.kind === "error") expect(outcome.message).toMatch(/stopped after .* s/);
  }, 20_000);
});
