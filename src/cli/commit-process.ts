// What a commit needs from the terminal: a yes/no question. (Lock owner and clock are the process's,
// shared with the app in src/host/.) Kept out of the commands so they stay testable in-process (tests
// pass --yes or their own asker).
import { readline } from "../host/lazy-builtins.js";

/** "yes" only for an explicit yes; "interrupted" for Ctrl+C. */
export type Answer = "yes" | "no" | "interrupted";

/** Asks one yes/no question. */
export type Asker = (question: string) => Promise<Answer>;

/** What an answer typed at the question means: y, yes (any case, spaces around) is yes; anything else no. */
export const answerOf = (typed: string): Answer => (/^y(es)?$/i.test(typed.trim()) ? "yes" : "no");

/** A question on stderr, answered on stdin; undefined when stdin is not a terminal (use --yes). */
export function terminalAsker(): Asker | undefined {
  if (!process.stdin.isTTY) return undefined;
  return (question) =>
    new Promise((resolve) => {
      const rl = readline().createInterface({ input: process.stdin, output: process.stderr });
      // The answer settles first: rl.close() emits "close" synchronously, and a "close" that came
      // first (Ctrl+D, stdin ended) is a no. Whatever happens first decides; later events are ignored.
      let settled = false;
      const settle = (answer: Answer): void => {
        if (settled) return;
        settled = true;
        resolve(answer);
        rl.close();
      };
      rl.on("SIGINT", () => {
        process.stderr.write("\n");
        settle("interrupted");
      });
      rl.on("close", () => settle("no"));
      rl.question(`${question} [y/N] `, (typed) => settle(answerOf(typed)));
    });
}
