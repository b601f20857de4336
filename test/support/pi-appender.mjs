// Appends to a session file the way pi does, with pi 1.6's own SessionManager (run under Node 22):
// each round opens the file (pi resuming it: its leaf is the file's last entry), appends one user
// message and one assistant reply on that leaf (appendFileSync, no lock), as one turn of a chat.
//   <node22> pi-appender.mjs PKG_DIR FILE TURNS [PAUSE_MS] [STOP_FILE]
// PKG_DIR: the @earendil-works/pi-coding-agent package folder. Stops after TURNS turns, or as soon
// as STOP_FILE exists. Prints the ids it appended, one JSON array, on exit.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pkg, file, turnsText, pauseText = "0", stopFile] = process.argv.slice(2);
const { SessionManager } = await import(pathToFileURL(`${pkg}/dist/core/session-manager.js`).href);
const zero = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const appended = [];
for (let turn = 0; turn < Number(turnsText); turn++) {
  if (stopFile && existsSync(stopFile)) break;
  const session = SessionManager.open(file);
  appended.push(session.appendMessage({ role: "user", content: `pi turn ${turn}`, timestamp: Date.now() }));
  appended.push(
    session.appendMessage({ role: "assistant", content: [{ type: "text", text: `reply ${turn}` }], api: "x", provider: "p", model: "m", usage: zero, stopReason: "stop", timestamp: Date.now() }),
  );
  if (Number(pauseText) > 0) pause(Number(pauseText));
}
process.stdout.write(`${JSON.stringify(appended)}\n`);
