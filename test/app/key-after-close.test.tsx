// A key pressed right after the one that closed a modal view belongs to the screen the view closes
// onto. Views that close themselves do it from an effect (the reducer says "closed", the owner
// unmounts them), which is a second commit after the key's own: the router must not hand the next
// key over in between, when no layer is there to take it (it was dropped: Esc then Shift+C on the
// label refusal did nothing).
import { useEffect, useReducer, useState } from "react";
import { Text } from "ink";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { KeyRouter, useKeyLayer } from "../../components/kit/key-router.js";
import { isTypedRun, runKeys } from "../../components/kit/keys.js";
import { join } from "node:path";
import type { AppEnv, RenderPicker } from "../../components/app/screens.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { FIXTURES } from "../support/shared.js";
import { makeTempHome, type TempHome } from "../support/tmux.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

const WAIT_MS = 10_000;
const copies = useFixtureCopies("key-after-close");
afterEach(() => cleanupInk());

/** Closes itself the way the label editor and the branch flow do: the reducer, then an effect. */
function SelfClosing({ onClose }: { onClose: () => void }) {
  const [closed, close] = useReducer(() => true, false);
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);
  useKeyLayer(
    "overlay",
    (key) => {
      // A typed run closes on its first letter and hands the rest on, as the app's views do.
      const [first, ...rest] = isTypedRun(key) ? runKeys(key.text) : [key];
      if (first.text === "x") close();
      return rest.length > 0 ? { rest } : true;
    },
    !closed,
  );
  // Set after the layer above registered (effects run in order): keys sent from then on reach it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <Text>{ready ? "modal ready" : "modal"}</Text>;
}

function Screen() {
  const [open, setOpen] = useState(true);
  const [seen, setSeen] = useState("");
  useKeyLayer("screen", (key) => (setSeen((s) => s + key.text), true), !open);
  return (
    <>
      {open && <SelfClosing onClose={() => setOpen(false)} />}
      <Text>{`screen saw [${seen}]`}</Text>
    </>
  );
}

/** The app's tree on a copy of a v2 file (every write flow shows its refusal), once it shows. */
async function openV2Tree(size: { columns: number; rows: number }) {
  const file = copies.copy("commit/small-v2.jsonl");
  const home = copies.dir();
  const ui = await renderInk(<App env={{ cwd: home, home, env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size);
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  return ui;
}

describe("the key after a closing key", () => {
  it("reaches the screen a self-closing view closes onto, pressed one by one", async () => {
    const ui = await renderInk(<KeyRouter><Screen /></KeyRouter>, { columns: 40, rows: 5 });
    await ui.waitFor((fr) => fr.includes("modal ready"), WAIT_MS);
    await ui.press("x", "a", "b");
    const f = await ui.waitFor((fr) => fr.includes("screen saw [ab]"), WAIT_MS);
    expect(f).not.toContain("modal");
  });

  it("reaches it when typed in the same read as the closing key", async () => {
    const ui = await renderInk(<KeyRouter><Screen /></KeyRouter>, { columns: 40, rows: 5 });
    await ui.waitFor((fr) => fr.includes("modal ready"), WAIT_MS);
    await ui.press("xab");
    await ui.waitFor((fr) => fr.includes("screen saw [ab]"), WAIT_MS);
  });

  it("Esc on the label refusal, then Shift+C at once, opens the compaction preview (a v2 file: its refusal)", async () => {
    const ui = await openV2Tree({ columns: 60, rows: 20 });
    await ui.press("L");
    await ui.waitFor((f) => f.includes("This is a v2 session file;"), WAIT_MS);
    await ui.press("escape", "C");
    await ui.waitFor((f) => f.includes("Compaction (what pi's /compact"), WAIT_MS);
  });

  it("Esc on the branch choice, then Shift+L at once, opens the label editor", async () => {
    const ui = await openV2Tree({ columns: 120, rows: 30 });
    await ui.press("home", "enter");
    await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    await ui.press("escape", "L");
    const f = await ui.waitFor((fr) => fr.includes("This is a v2 session file;"), WAIT_MS);
    expect(f).not.toContain("Summarize branch?");
  });
});

describe("the key after Enter in the picker", () => {
  let home: TempHome | undefined;
  afterEach(() => {
    home?.remove();
    home = undefined;
  });

  it("goes to the tree Enter opened: ? there shows the tree's help, not the picker's search", async () => {
    home = makeTempHome(join(FIXTURES, "sessions-dir"));
    const env: AppEnv = { cwd: "/tmp/pi-explorer-fixture/alpha", home: home.home, env: {}, profile: "1.6" };
    const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
    const ui = await renderInk(<App env={env} initial={{ kind: "picker" }} renderPicker={renderPicker} />, { columns: 110, rows: 40 });
    await ui.waitFor((f) => f.includes("› Why does the CI cache miss"), WAIT_MS);
    await ui.press("enter", "?");
    await ui.waitFor((fr) => fr.includes("Tree (pi's /tree keys)"), WAIT_MS);
  });
});
