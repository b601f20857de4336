// The app's session picker offers the sessions of pi's sessions folder: the launcher's AppEnv carries
// $PI_CODING_AGENT_SESSION_DIR or settings.json "sessionDir" (as `list` resolves them), and a
// settings file pi would reject never keeps the app from starting.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppEnv, ScreenNav } from "../../components/app/screens.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { buildAppEnv } from "../../src/cli/app-env.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { TestAppContext } from "../support/app-context.js";

// The fixture sessions' header cwd: pi 1.6 shows a shared folder's sessions of this cwd only.
const CWD = "/tmp/pi-explorer-fixture/alpha";
const ALPHA = join(FIXTURES, "sessions-dir", "--tmp-pi-explorer-fixture-alpha--");
const [AUTH, CI] = readdirSync(ALPHA).sort(); // "auth refactor" (named), then "Why does the CI cache miss"

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "pi-explorer-app-env-"));
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  for (const [folder, files] of [["from-settings", [AUTH, CI]], ["from-env", [CI]]] as const) {
    mkdirSync(join(home, folder));
    for (const f of files) copyFileSync(join(ALPHA, f), join(home, folder, f));
  }
});
afterEach(() => {
  cleanupInk();
  rmSync(home, { recursive: true, force: true });
});

const writeSettings = (text: string) => writeFileSync(join(home, ".pi", "agent", "settings.json"), text);

async function pickerFrame(env: AppEnv, ready: (frame: string) => boolean): Promise<string> {
  const nav: ScreenNav = { openTree: () => {}, back: () => {}, quit: () => {} };
  const ui = await renderInk(createElement(KeyRouter, null, createElement(TestAppContext, { env, size: { columns: 110, rows: 30 } }, createElement(PickerScreen, { nav }))), { columns: 110, rows: 30 });
  return ui.waitFor(ready);
}

describe("the launcher's AppEnv and the picker", () => {
  it('settings.json "sessionDir" ("~" expanded) reaches the picker, which lists that folder', async () => {
    writeSettings(JSON.stringify({ sessionDir: "~/from-settings" }));
    const { appEnv, problems } = buildAppEnv({ env: {}, home, cwd: CWD, profile: "1.6" });
    expect(problems).toEqual([]);
    expect(appEnv).toEqual({ cwd: CWD, home, env: {}, profile: "1.6", sessionDir: join(home, "from-settings") });
    const frame = await pickerFrame(appEnv, (f) => f.includes("auth refactor") && f.includes("Why does the CI cache miss"));
    expect(frame).not.toContain("bundled demo");
  });

  it("$PI_CODING_AGENT_SESSION_DIR wins over the settings", async () => {
    writeSettings(JSON.stringify({ sessionDir: "~/from-settings" }));
    const env = { PI_CODING_AGENT_SESSION_DIR: join(home, "from-env") };
    const { appEnv } = buildAppEnv({ env, home, cwd: CWD, profile: "1.6" });
    expect(appEnv.sessionDir).toBe(join(home, "from-env"));
    const frame = await pickerFrame(appEnv, (f) => f.includes("Why does the CI cache miss"));
    expect(frame).not.toContain("auth refactor");
  });

  it("without either, the AppEnv has no sessionDir (pi's per-project folder)", () => {
    expect(buildAppEnv({ env: {}, home, cwd: CWD, profile: "0.73" }).appEnv).toEqual({ cwd: CWD, home, env: {}, profile: "0.73" });
  });

  it("settings pi would reject are problem lines, and the default folder is used", () => {
    writeSettings(JSON.stringify({ sessionDir: { path: "x" } }));
    const invalid = buildAppEnv({ env: {}, home, cwd: CWD, profile: "1.6" });
    expect(invalid.appEnv.sessionDir).toBeUndefined();
    expect(invalid.problems).toEqual([expect.stringContaining("Invalid sessionDir setting")]);
    writeSettings('{ "sessionDir": ');
    const broken = buildAppEnv({ env: {}, home, cwd: CWD, profile: "0.73" });
    expect(broken.appEnv.sessionDir).toBeUndefined();
    expect(broken.problems).toEqual([expect.stringMatching(/settings\.json:1: not valid JSON/)]);
  });

  it("a $PI_CODING_AGENT_DIR file: URL pi cannot use is one problem line (the commands refuse it with the same words)", () => {
    const env = { PI_CODING_AGENT_DIR: "file://host/a" };
    const { appEnv, problems } = buildAppEnv({ env, home, cwd: CWD, profile: "1.6", tempDir: "/tmp" });
    expect(problems).toEqual(["PI_CODING_AGENT_DIR=file://host/a: not a file URL pi can turn into a path (pi 1.6 fails to start with it too)"]);
    expect(appEnv).toEqual({ cwd: CWD, home, env, profile: "1.6", tempDir: "/tmp" });
  });
});
