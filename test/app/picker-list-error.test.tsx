// The red "Cannot list sessions" line: it names the file system's problem in one sanitized line,
// and it goes away once a later listing works (the picker came back to the top of the screens).
import { afterEach, describe, expect, it } from "vitest";
import { KeyRouter } from "../../components/kit/key-router.js";
import { listedAlready } from "../support/listed-already.js";
import { SessionPicker, type SessionPickerProps } from "../../components/picker/SessionPicker.js";
import type { SessionInfo } from "../../src/engine/index.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { NOW, session } from "./picker-helpers.js";
import { TEST_ENV, TestAppContext } from "../support/app-context.js";

afterEach(cleanupInk);

const SIZE = { columns: 100, rows: 30 };
const current = [session("login", 3, { firstMessage: "Fix the flaky login test" }), session("auth", 120, { name: "auth refactor" })];

/** A picker whose re-listing of this folder fails while `failing.now` is true. */
function picker(overrides: Partial<SessionPickerProps>) {
  const failing = { now: false };
  const relistSessions = (): readonly SessionInfo[] => {
    if (failing.now) throw new Error("EACCES: permission denied, scandir '/home/u/.pi/agent/sessions'\n    at readdirSync");
    return current;
  };
  const props: SessionPickerProps = {
    sessions: current,
    loadAllSessions: () => listedAlready(current),
    relistSessions,
    loadPreview: () => ({ model: "m", lastUserMessage: "x", damagedLines: [] }),
    onOpen: () => {},
    onQuit: () => {},
    now: NOW,
    ...overrides,
  };
  const element = (active: boolean) => (
    <KeyRouter>
      <TestAppContext env={{ ...TEST_ENV, home: "" }}>
        <SessionPicker {...props} active={active} />
      </TestAppContext>
    </KeyRouter>
  );
  return { failing, element };
}

describe("picker: listing errors", () => {
  it("clears the first listing's error when the next listing works", async () => {
    const { element } = picker({ sessions: [], error: "Cannot list sessions: EACCES: permission denied, scandir '/home/u/.pi'" });
    const ui = await renderInk(element(true), SIZE);
    await ui.waitFor((f) => f.includes("Cannot list sessions: EACCES"));
    // A tree was opened on top and closed: the picker lists again, and this time it works.
    ui.instance.rerender(element(false));
    ui.instance.rerender(element(true));
    const frame = await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    expect(frame).toContain("auth refactor");
    expect(frame).not.toContain("Cannot list sessions");
  });

  it("shows a failed re-listing in one line, keeps the rows, and clears it once listing works again", async () => {
    const { element, failing } = picker({});
    const ui = await renderInk(element(true), SIZE);
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    failing.now = true;
    ui.instance.rerender(element(false));
    ui.instance.rerender(element(true));
    let frame = await ui.waitFor((f) => f.includes("Cannot list sessions"));
    expect(frame).toContain("Cannot list sessions: EACCES: permission denied, scandir '/home/u/.pi/agent/sessions'");
    expect(frame).not.toContain("readdirSync");
    expect(frame).toContain("Fix the flaky login test");
    failing.now = false;
    ui.instance.rerender(element(false));
    ui.instance.rerender(element(true));
    frame = await ui.waitFor((f) => !f.includes("Cannot list sessions"));
    expect(frame).toContain("Fix the flaky login test");
  });

  it("draws the error's path (file-system text) through the sanitizer", async () => {
    const { element } = picker({ sessions: [], error: "Cannot list sessions: ENOENT: no such file, scandir '/tmp/x\x1b[2J\x1b]0;pwned\x07y'" });
    const ui = await renderInk(element(true), SIZE);
    await ui.waitFor((f) => f.includes("Cannot list sessions: ENOENT"));
    expect(ui.rawFrame()).not.toContain("\x1b[2J");
    expect(ui.rawFrame()).not.toContain("\x1b]0;");
    expect(ui.frame()).toMatch(/scandir '\/tmp\/x.*y'/);
  });
});
