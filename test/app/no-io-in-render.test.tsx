// No file I/O while React renders (issue 12): listings, settings and reads happen in effects, in key
// handlers or before mounting, never in a component's body, so a slow disk never stalls a frame and a
// re-render never reads a file again. Every synchronous call of node:fs is recorded with whether
// React was calling a component at the time; the app is then driven from the picker through the
// screens a user opens (tree, detail pane, compaction preview, diff, timeline, problems, recall, help,
// branch flow, label editor).
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../components/app/App.js";
import type { AppEnv, RenderPicker } from "../../components/app/screens.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { makeTempHome, type TempHome } from "../support/tmux.js";

const seen = vi.hoisted(() => ({ inRender: [] as string[], calls: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const watched = ["readFileSync", "readdirSync", "statSync", "lstatSync", "fstatSync", "existsSync", "openSync", "readSync", "realpathSync", "accessSync", "writeFileSync", "mkdirSync"] as const;
  const wrapped: Record<string, unknown> = { ...fs };
  for (const name of watched) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    wrapped[name] = (...args: unknown[]) => {
      seen.calls++;
      // React calls a function component from renderWithHooks (react-reconciler's development build),
      // some frames below the fs call: a deep enough stack to see it.
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 80;
      const stack = new Error().stack ?? "";
      Error.stackTraceLimit = limit;
      if (/\brenderWithHooks\b/.test(stack)) seen.inRender.push(`${name}(${String(args[0])})\n${stack.split("\n").slice(2, 12).join("\n")}`);
      return original(...args);
    };
  }
  return { ...wrapped, default: wrapped };
});

const ALPHA = "/tmp/pi-explorer-fixture/alpha";
const WAIT_MS = 15_000;

let home: TempHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
  seen.inRender.length = 0;
  seen.calls = 0;
});

describe("no file I/O during render", () => {
  it("from the picker through every screen a key opens, no node:fs call runs inside a component's render", async () => {
    home = makeTempHome(join(FIXTURES, "sessions-dir"));
    const env: AppEnv = { cwd: ALPHA, home: home.home, env: {}, profile: "1.6" };
    const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
    const ui = await renderInk(<App env={env} initial={{ kind: "picker" }} renderPicker={renderPicker} />, { columns: 120, rows: 35 });
    const tree = (f: string) => /^ {2}\(\d+\/\d+\)/m.test(f) && !/Esc: back|Esc back/.test(f);
    const back = async () => {
      for (let i = 0; i < 5 && !tree(ui.frame()); i++) {
        await ui.press("escape");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await ui.waitFor(tree, WAIT_MS);
    };
    await ui.waitFor((f) => f.includes("Sessions (Current Folder)"), WAIT_MS);
    await ui.press("down", "up");
    await ui.press("enter");
    await ui.waitFor(tree, WAIT_MS);
    await ui.press("up", "tab", "up", "tab");
    await ui.press("ctrl+k");
    await ui.waitFor((f) => f.includes("Compaction preview") && !f.includes("Computing the plan") && !f.includes("Reading your pi settings"), WAIT_MS);
    await ui.press("[", "]", "d");
    await back();
    await ui.press("G");
    await ui.waitFor((f) => /Context timeline/.test(f), WAIT_MS);
    await back();
    await ui.press("!");
    await back();
    await ui.press("/");
    await ui.waitFor((f) => f.includes("Recall"), WAIT_MS);
    await ui.press(..."the");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await back();
    await ui.press("?");
    await back();
    // The branch flow on another entry and the label editor.
    await ui.press("home", "down", "enter");
    await ui.waitFor((f) => f.includes("Branch navigation"), WAIT_MS);
    await back();
    await ui.press("L");
    await ui.waitFor((f) => f.includes("Label (empty to remove)"), WAIT_MS);
    await back();
    // The test saw the app read files at all (the mock is in place), and none of it in a render.
    expect(seen.calls).toBeGreaterThan(0);
    expect(seen.inRender).toEqual([]);
  }, 120_000);
});
