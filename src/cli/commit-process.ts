// What a commit needs from the running process: who holds the lock, and a question on the terminal.
// Kept out of the commands so they stay testable in-process (tests pass --yes or their own asker).
import { createInterface } from "node:readline";
import type { LockOwner } from "../engine/index.js";

/** Asks one yes/no question; resolves true only for an explicit yes. */
export type Asker = (question: string) => Promise<boolean>;

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by someone else
  }
}

export const processLockOwner = (nowMs: number): LockOwner => ({ pid: process.pid, isAlive: pidIsAlive, nowMs });

/** A question on stderr, answered on stdin; undefined when stdin is not a terminal (use --yes). */
export function terminalAsker(): Asker | undefined {
  if (!process.stdin.isTTY) return undefined;
  return (question) =>
    new Promise((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      rl.question(`${question} [y/N] `, (answer) => {
        rl.close();
        resolve(/^y(es)?$/i.test(answer.trim()));
      });
      rl.on("close", () => resolve(false));
    });
}
