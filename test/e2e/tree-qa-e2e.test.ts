// End to end, from QA on real sessions: rows with emoji keep their right-hand column in a real
// terminal, and a burst of keys that reaches the app in one read is acted on key by key.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { displayWidth } from "../../components/kit/text-width.js";
import { cursorLine, useAppE2E } from "../support/app-e2e.js";
import { describeWithTmux } from "../support/tmux.js";

const dir = mkdtempSync(join(tmpdir(), "pi-explorer-qa-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SESSION = join(dir, "emoji.jsonl");
const entry = (id: string, parentId: string | null, role: "user" | "assistant", text: string, second: number) =>
  JSON.stringify({
    type: "message",
    id,
    parentId,
    timestamp: `2026-01-01T00:00:${String(second).padStart(2, "0")}.000Z`,
    message: role === "user" ? { role, content: text, timestamp: second } : { role, content: [{ type: "text", text }], provider: "p", model: "m", stopReason: "stop", timestamp: second },
  });
writeFileSync(
  SESSION,
  [
    JSON.stringify({ type: "session", version: 3, id: "qa-e2e", timestamp: "2026-01-01T00:00:00.000Z", cwd: dir }),
    entry("u1", null, "user", "Ship it and find the needle", 1),
    entry("a1", "u1", "assistant", `Pushed. Summary: ## ✅ All 6 PRs merged, 日本語 notes ${"and more words ".repeat(8)}`, 2),
    entry("u2", "a1", "user", "thanks", 3),
  ].join("\n") + "\n",
);

const app = useAppE2E();

describeWithTmux("tree view QA fixes in a real terminal", () => {
  it("keeps the context marker of an emoji row in the same column as its neighbours", async () => {
    const { term } = app.start({ session: SESSION, size: { columns: 120, rows: 20 } });
    const screen = await term.waitFor((x) => x.includes("Session Tree") && x.includes("(3/3)"), "the tree");
    const rows = screen.split("\n").filter((l) => l.includes("user:") || l.includes("assistant:"));
    expect(rows).toHaveLength(3);
    const emojiRow = rows.find((l) => l.includes("✅")) ?? "";
    expect(emojiRow).not.toContain("…│");
    // The terminal column of the marker: wide characters before it take two columns each.
    const markerColumn = (line: string) => displayWidth(line.slice(0, line.indexOf("◆")));
    expect(emojiRow).toContain("◆");
    expect(markerColumn(emojiRow)).toBe(markerColumn(rows[0]));
  });

  it("survives an escape sequence Ink has no name for (pasted colour codes) typed into the search", async () => {
    const { term } = app.start({ session: SESSION, size: { columns: 120, rows: 20 } });
    await term.waitFor((x) => x.includes("(3/3)"), "the tree");
    term.type("a\x1b[31mb");
    // Still running: what is typed next reaches the search line.
    term.type("needle");
    const screen = await term.waitFor((x) => /Type to search: .*needle/.test(x), "the search taking more text after the sequence");
    expect(screen).toContain("Session Tree");
    expect(screen).not.toContain("TypeError");
  });

  it("acts on Ctrl+G, the query and Enter sent in one burst", async () => {
    const { term } = app.start({ session: SESSION, size: { columns: 120, rows: 20 } });
    await term.waitFor((x) => x.includes("(3/3)"), "the tree");
    term.keys("C-g", "n", "e", "e", "d", "l", "e", "Enter");
    const screen = await term.waitFor((x) => x.includes('find "needle"'), "the find result");
    expect(cursorLine(screen)).toContain("user: Ship it and find the needle");
    expect(screen).toContain("Type to search:");
  });
});
