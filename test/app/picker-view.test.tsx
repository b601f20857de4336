import { afterEach, describe, expect, it } from "vitest";
import { KeyRouter } from "../../components/kit/key-router.js";
import { listedAlready } from "../support/listed-already.js";
import { SessionPicker, type SessionPickerProps } from "../../components/picker/SessionPicker.js";
import { ListCaption } from "../../components/picker/SessionList.js";
import type { PreviewDetails } from "../../components/picker/preview-data.js";
import type { SessionInfo, SessionListing } from "../../src/engine/index.js";
import type { RecallCache } from "../../src/engine/store/recall-cache.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { NOW, session } from "./picker-helpers.js";
import { TEST_ENV, TestAppContext } from "../support/app-context.js";

afterEach(cleanupInk);

const current = [
  session("login", 3, { firstMessage: "Fix the flaky login test", messageCount: 12, branchCount: 2, compactionCount: 1 }),
  session("auth", 120, { name: "auth refactor", firstMessage: "Help me refactor the auth module", messageCount: 40 }),
  session("ci", 3 * 24 * 60, { firstMessage: "Why does the CI cache miss on every run?", damagedLines: 1 }),
];
const other = session("csv", 10, { cwd: "/home/u/csv-tool", path: "/s/csv.jsonl", firstMessage: "Write a CSV parser in Rust" });

interface Calls {
  opened: string[];
  quits: number;
  previews: string[];
}

function picker(overrides: Partial<SessionPickerProps> = {}) {
  const calls: Calls = { opened: [], quits: 0, previews: [] };
  const props: SessionPickerProps = {
    sessions: current,
    loadAllSessions: () => listedAlready([...current, other]),
    loadPreview: (s: SessionInfo): PreviewDetails => {
      calls.previews.push(s.id);
      return { model: "anthropic/claude-sonnet-4-5", lastUserMessage: `last words of ${s.id}`, damagedLines: s.damagedLines ? [7] : [] };
    },
    onOpen: (path) => void calls.opened.push(path),
    onQuit: () => calls.quits++,
    now: NOW,
    ...overrides,
  };
  return { calls, props, element: (p: SessionPickerProps = props) => <KeyRouter><TestAppContext env={{ ...TEST_ENV, home: "/home/u" }}><SessionPicker {...p} /></TestAppContext></KeyRouter> };
}

const lineCount = (frame: string): number => frame.split("\n").length;

describe("session picker view", () => {
  it("lists the current folder's sessions newest first with counts and ages, within rows - 1", async () => {
    const { element } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    const frame = await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    expect(frame).toContain("Sessions (Current Folder)");
    expect(frame).toContain("Sort: Threaded");
    const rows = frame.split("\n");
    const login = rows.findIndex((l) => l.includes("Fix the flaky login test"));
    const auth = rows.findIndex((l) => l.includes("auth refactor"));
    const ci = rows.findIndex((l) => l.includes("Why does the CI cache"));
    expect(login).toBeGreaterThan(0);
    expect(login).toBeLessThan(auth);
    expect(auth).toBeLessThan(ci);
    expect(rows[login]).toMatch(/^› /);
    expect(rows[login]).toMatch(/12\s+2\s+1\s+2\.0K\s+3m$/);
    expect(rows[auth]).toMatch(/40 .* 2h$/);
    expect(rows[ci]).toMatch(/3d$/);
    expect(lineCount(frame)).toBeLessThanOrEqual(39);
  });

  it("filters as the user types and opens the highlighted session with Enter", async () => {
    const { element, calls } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    await ui.type("cache");
    const frame = await ui.waitFor((f) => !f.includes("Fix the flaky login test"));
    expect(frame).toContain("> cache");
    expect(frame).toContain("Why does the CI cache miss");
    await ui.press("enter");
    await ui.waitFor(() => calls.opened.length > 0);
    expect(calls.opened).toEqual([current[2].path]);
  });

  it("moves with the arrows, shows the preview of the selection and reads each file once", async () => {
    const { element, calls } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    await ui.waitFor((f) => f.includes("last words of login"));
    await ui.press("down", "down");
    const frame = await ui.waitFor((f) => f.includes("last words of ci"));
    expect(frame).toContain("anthropic/claude-sonnet-4-5");
    expect(frame).toMatch(/Damaged\s+1 line \(line 7\)/);
    await ui.press("up", "up");
    await ui.waitFor((f) => f.includes("last words of login"));
    expect(calls.previews.filter((id) => id === "login")).toHaveLength(1);
  });

  it("switches to all projects with Tab and shows each session's project", async () => {
    const { element } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    await ui.press("tab");
    const frame = await ui.waitFor((f) => f.includes("Write a CSV parser"));
    expect(frame).toContain("Sessions (All Projects)");
    expect(frame).toContain("~/csv-tool");
    await ui.press("tab");
    await ui.waitFor((f) => !f.includes("Write a CSV parser"));
  });

  it("lists every project a file at a time: says how far it got, reads keys meanwhile, and lists once every file is read", async () => {
    // One file read, then the next waits (a large session being read) until `release`.
    let released = false;
    let done = 0;
    const listing: SessionListing = {
      total: 3,
      get done() {
        return done;
      },
      step: () => {
        if (done === 0 || released) done++;
        return done < 3;
      },
      result: () => [...current, other],
    };
    const { element } = picker({ loadAllSessions: () => listing });
    // 40 columns: the count still shows.
    const ui = await renderInk(element(), { columns: 40, rows: 14 });
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("Loading all projects… 1/3 files"));
    // Keys work while the files are read: the query is typed, and shown.
    await ui.type("csv");
    await ui.waitFor((f) => f.includes("csv") && f.includes("Loading all projects… 1/3 files"));
    released = true;
    const frame = await ui.waitFor((f) => f.includes("Write a CSV parse"));
    expect(frame).not.toContain("Loading");
    expect(frame).not.toContain("Fix the flaky login test");
  });

  it("cycles the sort with ctrl+s and applies the named filter with ctrl+n", async () => {
    const { element } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    await ui.waitFor((f) => f.includes("Sort: Threaded"));
    await ui.press("ctrl+s");
    await ui.waitFor((f) => f.includes("Sort: Recent"));
    await ui.press("ctrl+n");
    const frame = await ui.waitFor((f) => f.includes("Name: Named"));
    expect(frame).toContain("auth refactor");
    expect(frame).not.toContain("Fix the flaky login test");
  });

  it("fits a small terminal and follows a resize", async () => {
    const many = Array.from({ length: 60 }, (_, i) => session(`s${i}`, i + 1, { firstMessage: `task number ${i}` }));
    const { element } = picker({ sessions: many });
    const ui = await renderInk(element(), { columns: 60, rows: 12 });
    let frame = await ui.waitFor((f) => f.includes("task number 0"));
    expect(lineCount(frame)).toBeLessThanOrEqual(11);
    expect(frame).toContain("(1/60)");
    expect(frame).not.toContain("task number 20");
    await ui.press("end");
    frame = await ui.waitFor((f) => f.includes("task number 59"));
    expect(frame).toContain("(60/60)");
    await ui.resize(120, 50);
    frame = await ui.waitFor((f) => f.includes("task number 20"));
    expect(lineCount(frame)).toBeLessThanOrEqual(49);
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(120);
  });

  it("offers the bundled demo when there are no sessions anywhere", async () => {
    const { element, calls } = picker({ sessions: [], loadAllSessions: () => listedAlready([]), demoPath: "/pkg/fixtures/demo/demo-session.jsonl" });
    const ui = await renderInk(element(), { columns: 100, rows: 30 });
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    await ui.waitFor(() => calls.opened.length > 0);
    expect(calls.opened).toEqual(["/pkg/fixtures/demo/demo-session.jsonl"]);
  });

  it("from a folder without sessions, asks whether pi lists any elsewhere without listing them all; Tab lists them", async () => {
    // Listing every project reads every file whole (seconds for a few GB): it waits for Tab.
    let listedAll = 0;
    let asked = 0;
    const { element } = picker({
      sessions: [],
      loadAllSessions: () => {
        listedAll++;
        return listedAlready([other]);
      },
      anySessions: () => {
        asked++;
        return true;
      },
      demoPath: "/pkg/fixtures/demo/demo-session.jsonl",
    });
    const ui = await renderInk(element(), { columns: 100, rows: 30 });
    await ui.waitFor(() => asked > 0);
    const frame = await ui.waitFor((f) => f.includes("No sessions in current folder. Press Tab to view all."));
    expect(frame).not.toContain("demo");
    expect(listedAll).toBe(0);
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("Write a CSV parser in Rust"));
    expect(listedAll).toBe(1);
  });

  it("offers the demo when pi lists no session anywhere, without listing every project", async () => {
    let listedAll = 0;
    const { element, calls } = picker({ sessions: [], loadAllSessions: () => (listedAll++, listedAlready([])), anySessions: () => false, demoPath: "/pkg/fixtures/demo/demo-session.jsonl" });
    const ui = await renderInk(element(), { columns: 100, rows: 30 });
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    expect(listedAll).toBe(0);
    await ui.press("enter");
    await ui.waitFor(() => calls.opened.length > 0);
    expect(calls.opened).toEqual(["/pkg/fixtures/demo/demo-session.jsonl"]);
  });

  it("clears the query with Esc, then quits with Esc", async () => {
    const { element, calls } = picker();
    const ui = await renderInk(element(), { columns: 100, rows: 40 });
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    await ui.type("zzz");
    await ui.waitFor((f) => f.includes("No sessions match"));
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    expect(calls.quits).toBe(0);
    await ui.press("escape");
    await ui.waitFor(() => calls.quits === 1);
  });

  it("counts the listed sessions with grouped digits and the right plural", async () => {
    const one = await renderInk(<ListCaption width={100} count={1} />, { columns: 100, rows: 3 });
    expect(one.frame()).toMatch(/^ {2}1 session /);
    const many = await renderInk(<ListCaption width={100} count={1234} />, { columns: 100, rows: 3 });
    expect(many.frame()).toMatch(/^ {2}1,234 sessions /);
  });

  it("draws terminal escape sequences from session text as inert glyphs", async () => {
    const evil = session("evil", 1, { firstMessage: "before \x1b[2J\x1b]0;pwned\x07 after" });
    const { element } = picker({ sessions: [evil] });
    const ui = await renderInk(element(), { columns: 100, rows: 30 });
    const frame = await ui.waitFor((f) => f.includes("before"));
    expect(ui.rawFrame()).not.toContain("\x1b[2J");
    expect(ui.rawFrame()).not.toContain("\x1b]0;");
    expect(frame).toContain("after");
  });
});

describe("session picker: a content search that fails", () => {
  // The picker searches on its own connection while its worker builds the index; a search that
  // throws (an index in the middle of a change) took the whole app down.
  it("shows no content hits and says why on the status line, keeps the name matches, and recovers on the next search", async () => {
    let failing = true;
    const index = {
      mode: "cache",
      notices: [],
      update: () => ({ files: 0, unchanged: 0, appended: 0, reindexed: 0, removed: 0, unlisted: 0, docsAdded: 0, failed: [], left: 0 }),
      search: () => {
        if (failing) throw new Error("the recall index has postings an update has not moved yet");
        return { ok: true, value: { hits: [], total: 0, sessions: 0, page: 1, pages: 1 } };
      },
      close: () => {},
    } as unknown as RecallCache;
    const { element } = picker({ content: { open: () => index, listFiles: () => [], profile: "1.6" } });
    const ui = await renderInk(element(), { columns: 100, rows: 20 });
    await ui.waitFor((f) => f.includes("Fix the flaky login test"));
    await ui.type("cache");
    const frame = await ui.waitFor((f) => f.includes("messages not searched"));
    expect(frame).toContain("Why does the CI cache miss");
    expect(frame).toContain("messages not searched: the recall index has postings an update has not moved yet");
    failing = false;
    await ui.type(" miss");
    await ui.waitFor((f) => f.includes("> cache miss") && !f.includes("messages not searched"));
  });
});
