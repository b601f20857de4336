// Issue 11's "smaller things seen", each as the user meets it: keys a footer offers must act there,
// and nothing a write will do is cut off where the screen has room for it.
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { wrapConfirmLines } from "../../components/commit/confirm-lines.js";
import { previewFooter } from "../../components/compaction/preview-keys.js";

const footerText = (width: number) => previewFooter({ settingsRead: true }, width);
import { displayWidth } from "../../components/kit/text-width.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk } from "../support/ink-kit.js";

const WAIT_MS = 10_000;
const copies = useFixtureCopies("smaller-things");
const open = async (relative: string, size: { columns: number; rows: number }) => {
  const file = copies.copy(relative);
  const ui = await renderInk(<App env={{ cwd: copies.dir(), home: copies.dir(), env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size);
  await ui.waitFor((f) => /\(\d+\/\d+\)/.test(f), WAIT_MS);
  return { ui, file };
};

describe("the branch flow's context diff", () => {
  it("offers only its own keys (the preview's [ ] { } < > p do nothing there)", async () => {
    const { ui } = await open("app/branched.jsonl", { columns: 140, rows: 30 });
    await ui.press("home", "down", "down", "down", "enter");
    await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("d full context diff"), WAIT_MS);
    await ui.press("d");
    const diff = await ui.waitFor((f) => f.includes("n/N next/previous block"), WAIT_MS);
    expect(diff).not.toContain("[ ] { } < > p");
    expect(diff).toContain("Esc back");
  });
});

describe("the compaction preview's footer", () => {
  it("keeps w, d, b and c at 80 columns and fits every width", () => {
    for (const width of [80, 60, 40]) {
      const footer = footerText(width);
      expect(displayWidth(footer), `${width}`).toBeLessThanOrEqual(width);
      for (const key of ["w write", "c cut", "d/b diff"]) expect(footer, `${width}: ${key}`).toContain(key);
    }
    expect(footerText(200)).toContain("K R W type");
  });
});

describe("confirm steps wrap what they will do", () => {
  it("wraps a long line with its indent (and a summary line with its bar), never dropping text", () => {
    const long = `  parentSession /home/user/.pi/agent/sessions/--home-user-project--/2026-12-01T16-19-03-297Z_01a23267.jsonl; pi continues there.`;
    const wrapped = wrapConfirmLines([long, "    │ first summary line that is rather long indeed"], 40);
    for (const line of wrapped) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(wrapped.filter((l) => l.startsWith("  ") && !l.startsWith("    │")).map((l) => l.slice(2)).join("").replace(/ /g, "")).toBe(long.slice(2).replace(/ /g, ""));
    expect(wrapped.filter((l) => l.startsWith("    │ ")).length).toBeGreaterThan(1);
  });

  it("Shift+F at 40 columns shows the new file's whole path (and on a short screen says there is more)", async () => {
    const { ui, file } = await open("app/branched.jsonl", { columns: 40, rows: 30 });
    await ui.press("F");
    const frame = await ui.waitFor((f) => f.includes("Will create"), WAIT_MS);
    const joined = frame.split("\n").map((l) => l.trim()).join("");
    const dir = file.slice(0, file.lastIndexOf("/"));
    expect(joined).toContain(dir.replace(/ /g, ""));
    // The whole plan is on screen, down to its last line.
    expect(joined.replace(/ /g, "")).toContain("Thisfileisnotchanged.");
    expect(frame).toContain("y: create the new file");
    const short = await open("app/branched.jsonl", { columns: 40, rows: 12 });
    await short.ui.press("F");
    const cut = await short.ui.waitFor((f) => f.includes("Will create"), WAIT_MS);
    expect(cut).toMatch(/y: create the new file ▼\d+/);
  });
});

describe("the picker's regex error", () => {
  it("says what is wrong without repeating the pattern, in the room the query leaves", async () => {
    const { shortQueryError, SearchLine } = await import("../../components/picker/SearchLine.js");
    let message = "";
    try {
      const pattern = ["(", "unclosed"].join("");
      new RegExp(pattern, "i");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(shortQueryError(message)).toBe("regex: Unterminated group");
    const ui = await renderInk(<SearchLine query="re:(unclosed" error={message} width={60} />, { columns: 60, rows: 3 });
    expect(ui.frame()).toContain("regex: Unterminated group");
  });
});
