// A session that cannot be opened: the reason comes first and is never cut off by a long path; the
// path follows, wrapped, and everything stays inside the terminal.
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { loadErrorLines } from "../../components/app/LoadedTreeScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

afterEach(cleanupInk);

const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const LONG_PATH = `/nonexistent/${"a-rather-long-project-directory-name/".repeat(4)}2026-03-01T10-00-00_session.jsonl`;

describe("load error screen", () => {
  it("shows the reason before a long path, wraps the path, and fits the width", async () => {
    const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: LONG_PATH, fromPicker: false }} />, { columns: 60, rows: 12 });
    const frame = await ui.waitFor((f) => f.includes("any key: back"));
    const lines = frame.replace(/\n+$/, "").split("\n");
    expect(lines.length).toBeLessThanOrEqual(11);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    const reasonAt = lines.findIndex((l) => l.includes("no such file"));
    const pathAt = lines.findIndex((l) => l.includes("File:\u00a0/nonexistent/"));
    expect(reasonAt).toBeGreaterThanOrEqual(0);
    expect(pathAt).toBeGreaterThan(reasonAt);
    // The whole path is there, in pieces: nothing of it was cut.
    const pathText = lines.slice(pathAt, lines.findIndex((l) => l.includes("any key: back"))).map((l) => l.trim()).join("");
    expect(pathText).toBe(`File:\u00a0${LONG_PATH}`);
  });

  it("keeps the reason when the terminal is too short for the path", () => {
    const { reason, path } = loadErrorLines("no such file", LONG_PATH, 60, 4);
    expect(reason).toEqual(["Cannot open this session: no such file"]);
    expect(path).toHaveLength(1);
    const cramped = loadErrorLines("line 3: not JSON (Unexpected token } in JSON at position 12)", LONG_PATH, 30, 4);
    expect(cramped.reason.join(" ")).toContain("line 3: not JSON");
    expect(cramped.path).toEqual([]);
  });
});
