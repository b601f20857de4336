// The picker follows its sessions folder: a session pi starts, or one that grows, shows up without
// leaving the screen (fs.watch on the folder with a stat poll beside it, debounced).
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import type { AppEnv, RenderPicker } from "../../components/app/screens.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { makeTempHome, type TempHome } from "../support/tmux.js";

const ALPHA = "/tmp/pi-explorer-fixture/alpha";
const ALPHA_DIR = "--tmp-pi-explorer-fixture-alpha--";
const SIZE = { columns: 110, rows: 40 };
// Generous: the machine is shared; the poll alone would take 2 s.
const WAIT_MS = 10_000;

let home: TempHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

function picker() {
  home = makeTempHome(join(FIXTURES, "sessions-dir"));
  const env: AppEnv = { cwd: ALPHA, home: home.home, env: {}, profile: "1.6" };
  const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
  return { element: <App env={env} initial={{ kind: "picker" }} renderPicker={renderPicker} />, sessions: join(home.agentDir, "sessions", ALPHA_DIR) };
}

const header = (id: string) => JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-11-30T09:00:00.000Z", cwd: ALPHA });
const user = (id: string, parentId: string | null, text: string) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-11-30T09:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });

describe("picker: live updates", () => {
  it("a new session in the folder shows without a key", async () => {
    const { element, sessions } = picker();
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("Sessions (Current Folder)") && f.includes("auth refactor"), WAIT_MS);
    writeFileSync(join(sessions, "2026-11-30T09-00-00-000Z_new.jsonl"), `${header("new-session")}\n${user("n1", null, "a session pi just started")}\n`);
    const frame = await ui.waitFor((f) => f.includes("a session pi just started"), WAIT_MS);
    expect(frame).toContain("auth refactor");
  });

  it("a session that grew shows its new size", async () => {
    const { element, sessions } = picker();
    const ui = await renderInk(element, SIZE);
    const before = await ui.waitFor((f) => f.includes("auth refactor"), WAIT_MS);
    const file = readdirSync(sessions).map((name) => join(sessions, name)).find((path) => readFileSync(path, "utf8").includes("auth refactor"))!;
    const rowOf = (frame: string) => frame.split("\n").find((l) => l.includes("auth refactor")) ?? "";
    const lastId = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!).id as string;
    appendFileSync(file, `${user("grown1", lastId, "x".repeat(20_000))}\n`);
    const after = await ui.waitFor((f) => rowOf(f) !== rowOf(before), WAIT_MS);
    expect(rowOf(after)).not.toBe(rowOf(before));
  });
});
