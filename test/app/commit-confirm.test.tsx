// The reusable confirm step: shows the lines, writes only on y, reports a refusal in one line and
// keeps the caller's state; Esc cancels. Also Shift+F (fork) in the running app, which uses it.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../components/app/App.js";
import { CommitConfirm } from "../../components/commit/CommitConfirm.js";
import { confirmReducer, initConfirmState } from "../../components/commit/confirm-state.js";
import { pendingEntryLines } from "../../components/commit/entry-preview.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { parseSession, type SessionEntry } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

afterEach(cleanupInk);

const LINES = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);

function renderConfirm(commit: () => { ok: true; value: { message: string } } | { ok: false; message: string }) {
  const onCommitted = vi.fn();
  const onCancel = vi.fn();
  const commitSpy = vi.fn(commit);
  const ui = renderInk(
    <KeyRouter>
      <CommitConfirm lines={LINES} width={80} height={6} commit={commitSpy} onCommitted={onCommitted} onCancel={onCancel} />
    </KeyRouter>,
    { columns: 80, rows: 10 },
  );
  return { ui, onCommitted, onCancel, commitSpy };
}

describe("CommitConfirm", () => {
  it("shows a window of the lines and scrolls them", async () => {
    const { ui } = renderConfirm(() => ({ ok: true, value: { message: "ok" } }));
    const h = await ui;
    expect(h.frame()).toContain("line 1");
    expect(h.frame()).not.toContain("line 6");
    expect(h.frame()).toContain("▼7");
    await h.press("pagedown");
    expect(h.frame()).toContain("line 6");
    expect(h.frame()).not.toContain("line 1\n");
  });

  it("writes only on y and hands the result to the caller", async () => {
    const { ui, onCommitted, commitSpy } = renderConfirm(() => ({ ok: true, value: { message: "Wrote x" } }));
    const h = await ui;
    await h.press("enter", "a", "down");
    expect(commitSpy).not.toHaveBeenCalled();
    await h.press("y");
    expect(commitSpy).toHaveBeenCalledTimes(1);
    expect(onCommitted).toHaveBeenCalledWith({ message: "Wrote x" });
  });

  it("shows a refusal in one line, does not report success, and does not retry on a second y", async () => {
    const { ui, onCommitted, onCancel, commitSpy } = renderConfirm(() => ({ ok: false, message: "/s.jsonl: the file changed since it was read; nothing was written" }));
    const h = await ui;
    await h.press("y");
    const frame = await h.waitFor((f) => f.includes("Not written"), WAIT_MS);
    // Wrapped, never cut: the whole reason is on screen.
    expect(frame.replace(/\s+/g, " ")).toContain("Not written: /s.jsonl: the file changed since it was read; nothing was written");
    expect(frame).not.toContain("line 1");
    await h.press("y");
    expect(commitSpy).toHaveBeenCalledTimes(1);
    expect(onCommitted).not.toHaveBeenCalled();
    await h.press("escape");
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("Esc and n cancel without writing", async () => {
    const { ui, onCancel, commitSpy } = renderConfirm(() => ({ ok: true, value: { message: "no" } }));
    const h = await ui;
    await h.press("escape", "n");
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(commitSpy).not.toHaveBeenCalled();
  });

  it("clamps scrolling to the lines there are", () => {
    const s = confirmReducer(initConfirmState(), { type: "scroll", delta: 100, total: 12, height: 5 });
    expect(s.scroll).toBe(7);
    expect(confirmReducer(s, { type: "scroll", delta: -100, total: 12, height: 5 }).scroll).toBe(0);
  });

  it("previews entries with hostile text made inert", () => {
    const entry = { type: "label", id: "l\x1b[2J", parentId: "a", timestamp: "t", targetId: "a5a", label: "x\x1b]52;c;aGk=\x07" } as SessionEntry;
    const lines = pendingEntryLines("/s.jsonl", { entries: [entry], newLeafId: entry.id }, "a");
    expect(lines.join("\n")).not.toContain("\x1b");
    expect(lines[1]).toBe("  pi's leaf moves from a to l␛[2J, on top of it: the same branch, one step on.");
    expect(lines[2]).toContain("+ label l␛[2J");
  });
});

describe("fork: Shift+F in the tree", () => {
  it("creates a new v3 file with the path to the entry and leaves the source untouched", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-explorer-fork-app-"));
    try {
      const file = join(dir, "session.jsonl");
      copyFileSync(join(FIXTURES, "app/branched.jsonl"), file);
      const before = readFileSync(file);
      const ui = await renderInk(
        <App env={{ cwd: dir, home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />,
        { columns: 160, rows: 30 },
      );
      await ui.press("end", "F");
      const confirm = await ui.waitFor((f) => f.includes("y: create the new file"), WAIT_MS);
      expect(confirm).toContain("entries from the root to a5a and 1 re-created label(s)");
      expect(readdirSync(dir)).toEqual(["session.jsonl"]);
      await ui.press("y");
      await ui.waitFor((f) => f.includes("Forked into"), WAIT_MS);
      const created = readdirSync(dir).filter((name) => name !== "session.jsonl");
      expect(created).toHaveLength(1);
      const loaded = parseSession(readFileSync(join(dir, created[0]), "utf8"), "1.6");
      expect(loaded.header).toMatchObject({ type: "session", version: 3, parentSession: file });
      const ids = loaded.entries.map((e) => e.id);
      expect(ids.slice(0, 11)).toEqual(["u1", "a1", "r1", "a2", "u2a", "a3a", "r3a", "a4a", "r4a", "cmp1", "a5a"]);
      expect(loaded.entries.at(-1)).toMatchObject({ type: "label", targetId: "a5a", label: "approach-A-green" });
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
