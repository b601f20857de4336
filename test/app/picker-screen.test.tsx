// The picker screen on real files: a temporary copy of fixtures/sessions-dir listed by the engine.
import { tmpdir } from "node:os";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv, ScreenNav } from "../../components/app/screens.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { demoSessionPath } from "../../components/picker/demo-session.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { makeTempHome, type TempHome } from "../support/tmux.js";
import { TestAppContext } from "../support/app-context.js";

let home: TempHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

function screen(cwd: string, withSessions = true, tempDir: string = tmpdir()) {
  home = makeTempHome(withSessions ? join(FIXTURES, "sessions-dir") : undefined);
  const env: AppEnv = { cwd, home: home.home, env: {}, profile: "1.6", tempDir };
  const opened: string[] = [];
  const nav: ScreenNav = { openTree: (p) => opened.push(p), back: () => {}, quit: () => {} };
  return { opened, element: <KeyRouter><TestAppContext env={env} size={{ columns: 110, rows: 40 }}><PickerScreen nav={nav} /></TestAppContext></KeyRouter> };
}

describe("picker screen on the fixture sessions", () => {
  it("lists this folder's sessions and previews the selected file", async () => {
    const { element } = screen("/tmp/pi-explorer-fixture/alpha");
    const ui = await renderInk(element, { columns: 110, rows: 40 });
    let frame = await ui.waitFor((f) => f.includes("auth refactor") && f.includes("Why does the CI cache miss"));
    expect(frame).not.toContain("Write a CSV parser");
    // The newest session (the CI one) is selected; its preview comes from reading the file.
    frame = await ui.waitFor((f) => f.includes("openai/gpt-5"));
    expect(frame).toContain("Use only the lockfile hash in the key");
    expect(frame).toMatch(/Damaged\s+1 line \(line 5\)/);
  });

  it("opens the session chosen by search", async () => {
    const { element, opened } = screen("/tmp/pi-explorer-fixture/alpha");
    const ui = await renderInk(element, { columns: 110, rows: 40 });
    await ui.waitFor((f) => f.includes("auth refactor"));
    await ui.type("refactor");
    await ui.waitFor((f) => !f.includes("Why does the CI cache miss"));
    await ui.press("enter");
    await ui.waitFor(() => opened.length > 0);
    expect(opened[0]).toMatch(/a1f0c3d2-0000-4000-8000-000000000001\.jsonl$/);
  });

  it("offers the bundled demo session in an empty home", async () => {
    const demo = demoSessionPath();
    expect(demo).toBeDefined();
    const { element, opened } = screen("/tmp/pi-explorer-fixture/alpha", false);
    const ui = await renderInk(element, { columns: 110, rows: 40 });
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    await ui.waitFor(() => opened.length > 0);
    // A private copy of the demo opens, so writes made while trying it never touch the package.
    expect(opened).toHaveLength(1);
    expect(opened[0]).not.toBe(demo);
    expect(basename(opened[0])).toBe(basename(demo!));
    expect(readFileSync(opened[0], "utf8")).toBe(readFileSync(demo!, "utf8"));
    // The copy is this run's; it goes when the picker unmounts (the app ends).
    ui.unmount();
    expect(existsSync(dirname(opened[0]))).toBe(false);
  });

  it("opens nothing, and says why, when no private copy of the demo can be made", async () => {
    const { element, opened } = screen("/tmp/pi-explorer-fixture/alpha", false, "/nonexistent-temp-root");
    const ui = await renderInk(element, { columns: 110, rows: 40 });
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    const f = await ui.waitFor((fr) => fr.includes("Cannot make a private copy of the demo"));
    expect(f).toContain("/nonexistent-temp-root");
    expect(opened).toEqual([]);
  });
});
