// A hard time limit on a piece of synchronous work, for the app and the CLI alike: a user's regular
// expression can backtrack for hours on one line, and no check between matches can stop a single
// match. node:vm's timeout can: its watchdog interrupts whatever JavaScript runs on this thread,
// inside a RegExp match too, and the thread carries on. (The engine stays pure; this is the process
// facility it is run under.)
import { createContext, Script } from "node:vm";

export type Bounded<T> = { ok: true; value: T } | { ok: false; ranMs: number };

const context = createContext({ work: undefined as (() => unknown) | undefined });
const callWork = new Script("work()");

/** Run `work` now; if it is still running after `limitMs`, stop it and answer { ok: false }. Its own errors are thrown. */
export function runWithinBudget<T>(work: () => T, limitMs: number): Bounded<T> {
  const started = Date.now();
  (context as { work?: () => unknown }).work = work;
  try {
    return { ok: true, value: callWork.runInContext(context, { timeout: Math.max(1, Math.round(limitMs)) }) as T };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return { ok: false, ranMs: Date.now() - started };
    throw error;
  } finally {
    (context as { work?: () => unknown }).work = undefined;
  }
}
