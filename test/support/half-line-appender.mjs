// Another program appending one line in two halves, as pi does when a write is split: `node
// half-line-appender.mjs FILE LINE_JSON`. It writes the first half, prints "half", waits for a line
// on stdin, writes the rest with its newline, prints "done" and exits.
import { appendFileSync } from "node:fs";

const [file, line] = process.argv.slice(2);
const cut = Math.floor(line.length / 2);
appendFileSync(file, line.slice(0, cut));
process.stdout.write("half\n");
process.stdin.once("data", () => {
  appendFileSync(file, `${line.slice(cut)}\n`);
  process.stdout.write("done\n");
  process.exit(0);
});
