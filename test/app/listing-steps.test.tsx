// The picker's listing in slices (listing-steps.ts): a small folder listed at once,
// a large one saying how far it got while keys and timers run, a failure said, not thrown.
import { Text } from "ink";
import { afterEach, describe, expect, it } from "vitest";
import { useFirstListing } from "../../components/picker/listing-steps.js";
import type { SessionListing } from "../../src/engine/index.js";
import { session } from "./picker-helpers.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";

afterEach(cleanupInk);

const sessions = [session("a", 1), session("b", 2), session("c", 3)];

/** Three files; after the first, each waits until `gate.open` (a large file being read). */
function gatedListing(gate: { open: boolean }): SessionListing {
  let done = 0;
  return {
    total: 3,
    get done() {
      return done;
    },
    step: () => {
      if (done === 0 || gate.open) done++;
      return done < 3;
    },
    result: () => [...sessions],
  };
}

function Shown({ start }: { start: () => SessionListing }) {
  const state = useFirstListing(start);
  if (state.kind === "listing") return <Text>listing {state.done}/{state.total}</Text>;
  if (state.kind === "failed") return <Text>failed: {state.error}</Text>;
  return <Text>listed {state.sessions.map((s) => s.id).join(",")}</Text>;
}

describe("useFirstListing", () => {
  it("lists a folder that takes one slice at once, in the effect after the first render, with no progress in between", async () => {
    const gate = { open: true };
    const start = () => gatedListing(gate);
    const ui = await renderInk(<Shown start={start} />, { columns: 60, rows: 5 });
    await ui.waitFor((f) => f.includes("listed a,b,c"));
    expect(ui.frames().some((f) => /listing [1-9]/.test(f))).toBe(false);
  });

  it("says how far a long listing got, and lists once every file is read", async () => {
    const gate = { open: false };
    const start = () => gatedListing(gate);
    const ui = await renderInk(<Shown start={start} />, { columns: 60, rows: 5 });
    await ui.waitFor((f) => f.includes("listing 1/3"));
    gate.open = true;
    await ui.waitFor((f) => f.includes("listed a,b,c"));
  });

  it("says why a listing failed instead of throwing", async () => {
    const start = (): SessionListing => {
      throw new Error("EACCES: permission denied, scandir '/home/u/.pi/agent/sessions'\n    at readdirSync");
    };
    const ui = await renderInk(<Shown start={start} />, { columns: 100, rows: 5 });
    const frame = await ui.waitFor((f) => f.includes("failed"));
    expect(frame).toContain("permission denied");
    expect(frame).not.toContain("at readdirSync");
  });
});
