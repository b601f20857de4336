// A small test kit for Ink screens, in the spirit of ink-testing-library but with a terminal size:
// render at given columns/rows, resize, press keys by name, wait for a frame matching a predicate,
// and read frames without ANSI codes. Every key press waits for React to flush effects (a visible
// frame does not mean the new key handlers are armed; see peers-and-exemplars.md D.7).
import { EventEmitter } from "node:events";
import type { ReactElement } from "react";
import { render as inkRender, type Instance } from "ink";

/** Remove ANSI escape sequences (colours, cursor moves) from a frame. */
export function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g, "");
}

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string): void {
    this.data = data;
    this.emit("readable");
    this.emit("data", data);
  }
  read = (): string | null => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/** Key names -> the bytes a terminal sends. */
export const KEYS: Record<string, string> = {
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  "ctrl+left": "\x1b[1;5D",
  "ctrl+right": "\x1b[1;5C",
  "alt+left": "\x1b[1;3D",
  "alt+right": "\x1b[1;3C",
  pageup: "\x1b[5~",
  pagedown: "\x1b[6~",
  home: "\x1b[H",
  end: "\x1b[F",
  enter: "\r",
  escape: "\x1b",
  tab: "\t",
  backspace: "\x7f",
};
for (const letter of "abcdefghijklmnopqrstuvwxyz") KEYS[`ctrl+${letter}`] = String.fromCharCode(letter.charCodeAt(0) - 96);

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Let Ink flush a pending lone ESC (it waits one setImmediate), React render, and passive effects re-arm handlers. */
const settle = async () => {
  await tick();
  await tick();
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  await tick();
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface InkHarness {
  /** The last frame without ANSI codes. */
  frame(): string;
  /** The last frame as written (with ANSI codes). */
  rawFrame(): string;
  /** Every frame written so far, raw. */
  frames(): string[];
  /** Press keys by name (KEYS) or type literal text; waits for effects after each. */
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** Change the terminal size and emit `resize`. */
  resize(columns: number, rows: number): Promise<void>;
  /** Wait until the (ANSI-free) frame satisfies the predicate; throws with the last frame after `timeoutMs`. */
  waitFor(predicate: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  unmount(): void;
  instance: Instance;
}

const mounted: InkHarness[] = [];

/** Render an element into a fake terminal of the given size. */
export async function renderInk(element: ReactElement, size: { columns: number; rows: number }): Promise<InkHarness> {
  const stdout = new FakeStdout(size.columns, size.rows);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(size.columns, size.rows);
  const instance = inkRender(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const last = () => stdout.frames.at(-1) ?? "";
  const harness: InkHarness = {
    frame: () => stripAnsi(last()),
    rawFrame: last,
    frames: () => stdout.frames,
    async press(...keys) {
      for (const key of keys) {
        stdin.write(KEYS[key] ?? key);
        await settle();
      }
    },
    async type(text) {
      for (const ch of text) await harness.press(ch);
    },
    async resize(columns, rows) {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit("resize");
      await settle();
    },
    async waitFor(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const f = harness.frame();
        if (predicate(f)) {
          await tick();
          return f;
        }
        if (Date.now() > deadline) throw new Error(`no frame matched within ${timeoutMs} ms; last frame:\n${f}`);
        await sleep(5);
      }
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
    instance,
  };
  mounted.push(harness);
  await tick();
  await tick();
  return harness;
}

/** Unmount everything rendered by renderInk (call in afterEach). */
export function cleanupInk(): void {
  while (mounted.length > 0) mounted.pop()!.unmount();
}
