// A session of hostile text exported to HTML and opened in a real headless browser (Debian's
// chromium): no script runs, no request reaches the network (a loopback server counts them), and the
// text is shown as text. A control page with the same payload unescaped proves the harness would see it.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportDocument, exportHtml } from "../../src/engine/index.js";
import { treeFromLines } from "../support/oracle-load.js";
import { hostileSession, hostileText } from "../support/usage-sessions.js";

function findBrowser(): string | null {
  for (const name of [process.env.PI_EXPLORER_CHROMIUM, "chromium", "chromium-browser", "google-chrome"]) {
    if (!name) continue;
    const found = spawnSync("sh", ["-c", `command -v "${name}"`], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

const browser = findBrowser();
if (!browser) console.warn("[skip] export HTML in a headless browser: no chromium installed (apt-get install chromium; .ci/run installs it)");

describe.skipIf(!browser)("exported HTML in headless Chromium", () => {
  let server: Server;
  let origin = "";
  const requests: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-browser-"));

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The DOM after load and a few seconds of (virtual) time, as Chromium serializes it. */
  function open(file: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        browser as string,
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", `--user-data-dir=${join(dir, `profile-${Date.now()}`)}`, "--virtual-time-budget=3000", "--dump-dom", `file://${file}`],
        { timeout: 90_000, maxBuffer: 32 * 1024 * 1024 },
        (error, stdout) => (error && !stdout ? reject(error) : resolve(stdout)),
      );
    });
  }

  it("the harness sees a script and a request on an unescaped control page", { timeout: 120_000 }, async () => {
    const H = hostileText(origin);
    const control = join(dir, "control.html");
    writeFileSync(control, `<!DOCTYPE html><html><body>${H.script}${H.handler}</body></html>`);
    requests.length = 0;
    const dom = await open(control);
    expect(dom).toMatch(/<body[^>]*data-pwned=/);
    await new Promise((r) => setTimeout(r, 200));
    expect(requests.length).toBeGreaterThan(0);
  });

  it("runs no script, makes no request and shows the text inert", { timeout: 120_000 }, async () => {
    const tree = treeFromLines(hostileSession(origin).lines);
    const file = join(dir, "export.html");
    writeFileSync(file, exportHtml(exportDocument({ tree, file: "hostile.jsonl" })));
    requests.length = 0;
    const dom = await open(file);
    await new Promise((r) => setTimeout(r, 200));
    expect(dom).toContain("<h1>");
    expect(dom).not.toMatch(/data-pwned="/);
    expect(requests).toEqual([]);
    // nothing the session held became an element
    expect(dom).not.toMatch(/<(script|img|svg|iframe|a|link)[\s>]/i);
    expect(dom.match(/<style[\s>]/g)?.length).toBe(1);
    expect(dom).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    // ... it is there as text
    expect(dom).toContain("&lt;script&gt;document.body.setAttribute('data-pwned','1')");
    expect(dom).toContain("javascript:document.body.setAttribute");
    expect(dom).toContain("␛[2J");
  });
});
