// Ink throttles its render (maxFps 30: a commit draws at once, any commit within the next 34 ms waits
// for the end of that window). Recall's first typed key on a 50 MB session waited ~34 ms with the
// main thread idle: the window opened before the index build had expired during it, and the commits
// after it pushed its timer on. A commit after a window that has passed, or after a render that wrote
// nothing, draws at once (build/dependency-patches.mjs inkLateWindowDraws, inkNoWriteFreesFrame,
// applied to the tests' Ink by vitest.config.ts). Checked by whether the frame is written with its
// commit (Ink's rerender commits synchronously), before any timer could run.
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { Box, render, Text, type Instance } from "ink";

// Under CI=true Ink (is-in-ci, read once when Ink loads) draws no frame until it unmounts; the frame
// cap lives on the interactive path, the one a user's terminal gets. This file runs in its own process.
vi.hoisted(() => {
  process.env.CI = "false";
});

let instance: Instance | undefined;
afterEach(() => {
  instance?.unmount();
  instance = undefined;
});

function fakeTerminal() {
  const writes: string[] = [];
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 40, rows: 10 });
  stdout.write = ((chunk: string) => {
    writes.push(String(chunk));
    return true;
  }) as typeof stdout.write;
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin, ref: () => stdin, unref: () => stdin });
  return { writes, options: { stdout: stdout as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, patchConsole: false, exitOnCtrlC: false } };
}

describe("Ink's frame cap", () => {
  it("draws a commit at once when the window opened before a long task has passed", () => {
    const { writes, options } = fakeTerminal();
    instance = render(<Text>first</Text>, options);
    expect(writes.join("")).toContain("first");
    // The main thread busy past the first frame's window (an index build): its timer is due but
    // cannot run, and the commit after it used to push that timer a whole window on.
    const until = performance.now() + 50;
    while (performance.now() < until) {
      /* busy */
    }
    const before = writes.length;
    instance.rerender(<Text>second</Text>);
    expect(writes.slice(before).join("")).toContain("second");
  });

  it("draws the next commit at once after a commit that draws nothing", async () => {
    const { writes, options } = fakeTerminal();
    let setState: (s: { shown: string; hidden: number }) => void = () => {};
    let renders = 0;
    function View() {
      const [state, set] = useState({ shown: "first", hidden: 0 });
      setState = set;
      renders++;
      // `hidden` changes a node (React commits it, Ink renders) but not the text on screen.
      return (
        <Box flexDirection={state.hidden === 0 ? "row" : "column"}>
          <Text>{state.shown}</Text>
        </Box>
      );
    }
    instance = render(<View />, options);
    // Past the first frame's window.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes.join("")).toContain("first");
    // A commit whose output is the same, then a visible one; each waited for until React rendered
    // it, then one more turn (the commit): far inside the 34 ms a throttled frame waits for.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const committed = async () => {
      const seen = renders;
      for (let i = 0; i < 10_000 && renders === seen; i++) await turn();
      await turn();
    };
    setState({ shown: "first", hidden: 1 });
    await committed();
    const before = writes.length;
    setState({ shown: "second", hidden: 1 });
    await committed();
    expect(writes.slice(before).join("")).toContain("second");
  });
});
