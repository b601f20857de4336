// End to end: the BUILT binary in a real terminal (tmux). From the tree, `/` opens recall; typing
// shows hits; Shift+Tab widens the scope to every branch; Enter returns to the tree with the cursor
// on the hit. Build first (`npx tsc -p tsconfig.build.json`; `npm test` does it). Runs with CI unset.
import { join } from "node:path";
import { expect, it } from "vitest";
import { cursorLine, useAppE2E } from "../support/app-e2e.js";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER } from "../support/tmux.js";

const BUILT_RECALL = join(PROJECT_ROOT, "dist", "components", "recall", "RecallScreen.js");
const FIXTURE = join(FIXTURES, "recall", "session.jsonl");
const app = useAppE2E({ alsoBuilt: [BUILT_RECALL] });

describeWithTmux("recall in a real terminal", () => {
  it("/ opens recall, typing finds hits, Enter puts the tree cursor on the hit", async () => {
    const { term: s } = app.start({ session: FIXTURE, cwd: PROJECT_ROOT, size: { columns: 120, rows: 30 } });
    let screen = await s.waitFor((x) => x.includes("Session Tree"), "the tree");
    expect(cursorLine(screen)).toContain("user: What did we decide about cookies?");

    s.type("/");
    screen = await s.waitFor((x) => x.includes("Recall:") && x.includes("latest 20 of 20 entries"), "the recall screen, indexed");
    s.type("cookies");
    screen = await s.waitFor((x) => x.includes("Recall: cookies") && x.includes("1 match ·"), "a hit on the active path");
    expect(screen).toContain("What did we decide about cookies?");
    expect(screen.split("\n").length).toBeLessThanOrEqual(29);

    s.keys("BTab");
    screen = await s.waitFor((x) => x.includes("scope: all") && x.includes("2 matches"), "the hit in the abandoned branch");
    expect(cursorLine(screen)).toBe("› b1 #8 user [abandoned branch]");
    expect(screen).toContain("Try storing the session in cookies instead");

    s.keys("Enter");
    screen = await s.waitFor((x) => x.includes("Session Tree") && cursorLine(x).includes("Try storing the session"), "the tree, cursor on the hit");
    expect(cursorLine(screen)).toContain("user: Try storing the session in cookies instead");

    // Keys are the tree's again: q closes it.
    s.keys("q");
    await s.waitFor((x) => x.includes(`${EXIT_MARKER}0]`), "a clean exit");
  });
});
