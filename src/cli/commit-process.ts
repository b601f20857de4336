// What a commit needs from the terminal: a yes/no question. (Lock owner and clock are the process's,
// shared with the app in src/host/.) Kept out of the commands so they stay testable in-process (tests
// pass --yes or their own asker).
import { createInterface } from "node:readline";

/** Asks one yes/no question; resolves true only for an explicit yes. */
export type Asker = (question: string) => Promise<boolean>;

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
