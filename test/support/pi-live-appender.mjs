// Appends to an existing session file through pi 1.6's own SessionManager, the way pi does while
// the explorer shows the file: `node pi-live-appender.mjs FILE COUNT DELAY_MS`. It appends COUNT user
// messages, DELAY_MS apart, and prints each new entry's id and text as a JSON line. Run it with the
// oracle's Node 22 (pi 1.x needs it); the package comes from PI16_DIR or PI_ORACLE_DIR, as the
// oracles find it (../shared/oracle/install.sh installs it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [file, countText = "1", delayText = "0"] = process.argv.slice(2);
const root = process.env.PI16_DIR ?? path.join(process.env.PI_ORACLE_DIR ?? path.join(os.tmpdir(), "pi-oracle"), "pi16");
const dist = path.join(root, "node_modules", "@earendil-works", "pi-coding-agent", "dist");
const { SessionManager } = await import(pathToFileURL(fs.realpathSync(path.join(dist, "core", "session-manager.js"))).href);

const manager = SessionManager.open(file, path.dirname(file));
const count = Number(countText);
for (let i = 0; i < count; i++) {
  if (i > 0) await new Promise((resolve) => setTimeout(resolve, Number(delayText)));
  const text = `pi appended message ${i + 1} of ${count}`;
  const id = manager.appendMessage({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() });
  process.stdout.write(`${JSON.stringify({ id, text })}\n`);
}
