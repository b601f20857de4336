// The picker lists a large folder in slices, saying how far it got. Keys typed meanwhile (a user
// starts typing the session they want at once) were dropped: nothing had a key layer until the
// list showed. They wait for the picker now and reach its search in order; Ctrl+C still quits.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv, ScreenNav } from "../../components/app/screens.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { makeSessions } from "../store/recall-sessions.js";
import { TestAppContext } from "../support/app-context.js";

let root: string | undefined;
afterEach(() => {
  cleanupInk();
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The picker over a folder large enough to be listed in several slices. */
async function pickerListing(onUnhandled?: (name: string) => boolean) {
  const made = makeSessions(360, 120);
  root = made.root;
  const env: AppEnv = { cwd: "/home/dev/p0", home: join(root, "home"), env: { PI_CODING_AGENT_DIR: root, XDG_CACHE_HOME: join(root, "cache"), PI_EXPLORER_SQLITE: "none" }, profile: "1.6" };
  const nav: ScreenNav = { openTree: () => {}, back: () => {}, quit: () => {} };
  return renderInk(
    <KeyRouter onUnhandled={onUnhandled ? (key) => onUnhandled(key.name) : undefined}>
      <TestAppContext env={env} size={{ columns: 100, rows: 20 }}>
        <PickerScreen nav={nav} />
      </TestAppContext>
    </KeyRouter>,
    { columns: 100, rows: 20 },
  );
}

describe("keys typed while the picker lists the folder", () => {
  it("reach the picker's search once it shows, in order", async () => {
    const ui = await pickerListing();
    expect(ui.frame()).toContain("Listing sessions");
    // At least the first key arrives while the folder is listed.
    await ui.type("zq9");
    const frame = await ui.waitFor((f) => f.includes("> zq9"), 10_000);
    expect(frame).toContain("> zq9");
  });

  it("Ctrl+C is not held: it reaches the shell while the folder is listed", async () => {
    const unhandled: string[] = [];
    const ui = await pickerListing((name) => (unhandled.push(name), true));
    expect(ui.frame()).toContain("Listing sessions");
    await ui.press("ctrl+c");
    expect(unhandled).toEqual(["ctrl+c"]);
  });
});
