// End to end: the built binary in a real terminal (tmux) follows pi live. pi's own SessionManager
// appends (test/support/pi-live-appender.mjs), a plain program writes a line in two halves, the file is
// truncated: the screen shows it all without a key, at 120x35 and 40x12.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { expect, it } from "vitest";
import { hasOracle } from "../roundtrip/run-oracle.js";
import { cursorLine, useAppE2E } from "../support/app-e2e.js";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux } from "../support/tmux.js";

const FIXTURE = join(FIXTURES, "app", "branched.jsonl");
const NODE22 = process.env.NODE22 ?? join(process.env.PI_ORACLE_DIR ?? "/tmp/pi-oracle", "node22/node_modules/.bin/node");
const app = useAppE2E();
const userLine = (id: string, parentId: string, text: string): string =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-11-01T10:01:00.000Z", message: { role: "user", content: text, timestamp: 1 } });
const statusRow = (screen: string): string => screen.split("\n").find((l) => / entr(y|ies) · /.test(l)) ?? "";

describeWithTmux("live follow in a real terminal", () => {
  it.skipIf(!hasOracle("1.6") || !existsSync(NODE22))("pi's SessionManager appends; the tree shows each message with the cursor on it", async () => {
    const { term: s, file } = app.start({ session: FIXTURE, copy: true, cwd: PROJECT_ROOT, size: { columns: 120, rows: 35 } });
    await s.waitFor((x) => x.includes("Session Tree") && statusRow(x).includes("live (following)"), "the live tree");
    const child = spawn(NODE22, [join(PROJECT_ROOT, "test/support/pi-live-appender.mjs"), file, "2", "200"], { stdio: ["ignore", "pipe", "inherit"] });
    const texts: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) texts.push((JSON.parse(line) as { text: string }).text);
    // Both in one capture: what is asserted below is waited for (under load the rows were seen
    // drawn before the status row).
    const screen = await s.waitFor((x) => x.includes(texts[1]) && statusRow(x).includes("22 entries"), "pi's second message and the count");
    expect(screen).toContain(texts[0]);
    expect(cursorLine(screen)).toContain(texts[1]);
    expect(statusRow(screen)).toContain("22 entries");
  }, 60_000);

  it("a half-written line waits unreported; the completed line, a truncation's notice; at 40x12 too", async () => {
    for (const size of [{ columns: 120, rows: 35 }, { columns: 40, rows: 12 }]) {
      const { term: s, file, home } = app.start({ session: FIXTURE, copy: true, cwd: PROJECT_ROOT, size });
      // A 40-column status line has no room for "live"; the follow starts with the tree either way.
      await s.waitFor((x) => x.includes("Session Tree") && (size.columns < 60 || statusRow(x).includes("live")), `the tree at ${size.columns}x${size.rows}`);
      const line = userLine("u9", "lb1", "halves");
      appendFileSync(file, line.slice(0, 50));
      // Longer than several polls: nothing of the half line, no damage reported.
      spawnSync("sleep", ["1.2"]);
      let screen = s.capture();
      expect(screen).not.toContain("halves");
      expect(screen).not.toMatch(/[1-9]\d* damaged/);
      appendFileSync(file, `${line.slice(50)}\n`);
      screen = await s.waitFor((x) => x.includes("user: halves"), "the completed line");
      expect(cursorLine(screen)).toContain("halves");
      writeFileSync(file, `${readFileSync(file, "utf8").split("\n").slice(0, 4).join("\n")}\n`);
      await s.waitFor((x) => x.includes("The file was rewritten"), "the truncation notice");
      s.kill();
      home.remove();
    }
  }, 60_000);
});
