// The compaction preview reads the user's pi settings files outside render (issue 12): the read runs
// in an effect, once per profile, and no key that re-renders the preview reads a file again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { KeyRouter } from "../../components/kit/key-router.js";
import { CompactionPreviewScreen } from "../../components/compaction/CompactionPreviewScreen.js";
import { TestAppContext } from "../support/app-context.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { loadTurns, piHome, TURNS, type PiHome } from "./compaction-helpers.js";

/** Each read of the settings, and whether React was rendering a component when it happened. */
const reads = vi.hoisted(() => ({ calls: [] as { profile: string; duringRender: boolean }[] }));

vi.mock("../../components/compaction/preview-settings.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../components/compaction/preview-settings.js")>();
  return {
    ...original,
    loadPreviewSettings: (...args: Parameters<typeof original.loadPreviewSettings>) => {
      // React calls a function component from renderWithHooks (react-reconciler): on the stack, the read happens in render.
      const stack = new Error().stack ?? "";
      reads.calls.push({ profile: args[1], duringRender: /\brenderWithHooks\b/.test(stack) });
      return original.loadPreviewSettings(...args);
    },
  };
});

let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
  reads.calls.length = 0;
});

const settled = (f: string) => !f.includes("compiling the summary") && !f.includes("Computing the plan") && !f.includes("(updating…)") && !f.includes("Reading your pi settings");

describe("compaction preview settings read", () => {
  it("reads pi's settings in an effect, once per profile, never while rendering or on a key", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2000 } }, "1.6");
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={home.env} size={{ columns: 140, rows: 50 }}>
          <CompactionPreviewScreen tree={loadTurns()} targetId={null} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
        </TestAppContext>
      </KeyRouter>,
      { columns: 140, rows: 50 },
    );
    let f = await ui.waitFor((fr) => fr.includes("Compaction preview") && settled(fr));
    expect(f).toContain("keepRecentTokens 2,000 (global)");
    expect(reads.calls).toEqual([{ profile: "1.6", duringRender: false }]);
    // Keys that re-render the preview (settings, panes, scrolling) read nothing.
    for (const key of ["]", "]", "s", "s", "down", "c"]) await ui.press(key);
    f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,200 (adjusted)") && settled(fr));
    expect(reads.calls).toHaveLength(1);
    // The other profile is read once, when first shown; switching back reads nothing.
    await ui.press("p");
    f = await ui.waitFor((fr) => fr.includes("pi 0.73 p") && settled(fr));
    await ui.press("p");
    f = await ui.waitFor((fr) => fr.includes("pi 1.6 p") && settled(fr));
    expect(f).toContain("keepRecentTokens 2,200 (adjusted)");
    expect(reads.calls).toEqual([
      { profile: "1.6", duringRender: false },
      { profile: "0.73", duringRender: false },
    ]);
  });
});
