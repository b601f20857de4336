// The screens draw the footer their key tables make for the state they are in (footer-keys.test.ts
// checks those footers against the dispatch): the confirm step with and without room to scroll,
// with a caller's key, after a failed write, and the compaction preview once its settings are read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommitConfirm } from "../../components/commit/CommitConfirm.js";
import { confirmFooter } from "../../components/commit/confirm-keys.js";
import { CompactionPreviewScreen } from "../../components/compaction/CompactionPreviewScreen.js";
import { previewFooter } from "../../components/compaction/preview-keys.js";
import type { Binding } from "../../components/kit/bindings.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { TestAppContext } from "../support/app-context.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { loadTurns, piHome, TURNS, type PiHome } from "./compaction-helpers.js";

const WAIT_MS = 10_000;
let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

const lastLine = (frame: string) => frame.split("\n").filter((l) => l.trim() !== "").at(-1) ?? "";

describe("footers on screen", () => {
  it("the confirm step: its keys in each state, the caller's key after them, none after a failed write", async () => {
    const diff = vi.fn();
    const keys: Binding<() => void>[] = [{ keys: ["d"], help: "full diff", run: diff, footer: "full context diff" }];
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
    const ui = await renderInk(
      <KeyRouter>
        <CommitConfirm lines={lines} width={120} height={6} keys={keys} commit={() => ({ ok: false, message: "the file changed" })} onCommitted={() => {}} onCancel={() => {}} />
      </KeyRouter>,
      { columns: 120, rows: 10 },
    );
    let f = await ui.waitFor((fr) => fr.includes("y: write"), WAIT_MS);
    expect(lastLine(f)).toBe(confirmFooter({ failed: false, scrolls: true, verb: "write ▼7" }, keys));
    await ui.press("d");
    expect(diff).toHaveBeenCalledTimes(1);
    await ui.press("y");
    f = await ui.waitFor((fr) => fr.includes("Not written"), WAIT_MS);
    expect(lastLine(f)).toBe(confirmFooter({ failed: true, scrolls: true }));
    // Its keys are gone with its footer entry: d does nothing after the failure.
    await ui.press("d");
    expect(diff).toHaveBeenCalledTimes(1);
  });

  it("a confirm step whose lines fit names no scroll keys", async () => {
    const ui = await renderInk(
      <KeyRouter>
        <CommitConfirm lines={["one line"]} width={120} height={6} commit={() => ({ ok: false, message: "x" })} onCommitted={() => {}} onCancel={() => {}} />
      </KeyRouter>,
      { columns: 120, rows: 10 },
    );
    const f = await ui.waitFor((fr) => fr.includes("y: write"), WAIT_MS);
    expect(lastLine(f)).toBe(confirmFooter({ failed: false, scrolls: false }));
    expect(lastLine(f)).not.toContain("scroll");
  });

  it("the compaction preview, once pi's settings are read", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2000 } }, "1.6");
    const ui = await renderInk(
      <KeyRouter>
        <TestAppContext env={home.env} size={{ columns: 140, rows: 50 }}>
          <CompactionPreviewScreen tree={loadTurns()} targetId={null} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
        </TestAppContext>
      </KeyRouter>,
      { columns: 140, rows: 50 },
    );
    const f = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,000") && fr.includes("w write"), WAIT_MS);
    expect(f.split("\n")).toContain(previewFooter({ settingsRead: true }, 140));
  });
});
