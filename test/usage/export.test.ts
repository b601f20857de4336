// Export: golden Markdown and HTML for a built session (path and --context), hostile text inert in
// both formats, and the CLI's file rules (stdout by default, a new file with --out, --force to replace,
// never the session itself, nothing else written).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { escapeHtml, exportDocument, exportHtml, exportMarkdown, isInert } from "../../src/engine/index.js";
import { runInProcess } from "../cli/run-in-process.js";
import { isolatedPi } from "../cli/isolated-env.js";
import { treeFromLines } from "../support/oracle-load.js";
import { branchySession, hostileSession, hostileText, writeSession } from "../support/usage-sessions.js";

const built = branchySession();
const tree = treeFromLines(built.lines);

describe("export documents (golden)", () => {
  it("Markdown of the path to the side branch", async () => {
    const md = exportMarkdown(exportDocument({ tree, file: "session.jsonl", targetId: built.ids.sideAssistant }));
    await expect(md).toMatchFileSnapshot("golden/export-side.md");
    expect(md).toContain("▶ assistant: Another way, then.");
    expect(md).toContain("Branch summary");
  });
  it("Markdown of the context at the main leaf, thinking left out", async () => {
    const md = exportMarkdown(exportDocument({ tree, file: "session.jsonl", targetId: built.ids.warm, context: true }), { thinking: "omit" });
    await expect(md).toMatchFileSnapshot("golden/export-context.md");
    // the compaction summary stands in for turns 1..5; the kept turns follow it
    const items = md.slice(md.indexOf("## Context sent to the model"));
    expect(items).not.toContain("Turn 1: please");
    expect(items).toContain("Compaction summary");
    expect(items).toContain("Turn 6: please");
  });
  it("HTML of the path to the main leaf", async () => {
    const html = exportHtml(exportDocument({ tree, file: "session.jsonl", targetId: built.ids.warm }));
    await expect(html).toMatchFileSnapshot("golden/export-main.html");
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
  });
});

describe("hostile text", () => {
  const hostile = treeFromLines(hostileSession().lines);
  const H = hostileText("http://127.0.0.1:9");
  it("stays inert in Markdown: no control or bidi character survives", () => {
    const md = exportMarkdown(exportDocument({ tree: hostile, file: "h.jsonl" }));
    expect(isInert(md.replace(/\n/g, ""))).toBe(true);
    expect(md).toContain("␛[2J");
  });
  it("is escaped everywhere in HTML: only the export's own tags remain", () => {
    const html = exportHtml(exportDocument({ tree: hostile, file: "h.jsonl" }));
    expect(isInert(html.replace(/\n/g, ""))).toBe(true);
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => m[1].toLowerCase()));
    expect([...tags].sort()).toEqual(["body", "details", "div", "dd", "dl", "dt", "h1", "h2", "h3", "head", "html", "meta", "p", "pre", "section", "span", "style", "summary", "title"].sort());
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).toContain(escapeHtml(H.script));
  });
});

describe("export command", () => {
  const pi = isolatedPi();
  afterAll(() => pi.cleanup());
  const file = writeSession(built);
  const run = (...args: string[]) => runInProcess(args, { env: { ...pi.env, TZ: "UTC" }, cwd: pi.project, home: pi.root });

  it("prints Markdown to stdout and writes nothing", async () => {
    const before = readdirSync(dirname(file));
    const r = await run("export", file);
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith("# Turn 1: please change step 1 of the parser")).toBe(true);
    expect(readdirSync(dirname(file))).toEqual(before);
  });
  it("--out creates one file, refuses to replace it without --force, never the session", async () => {
    const out = join(dirname(file), "export.html");
    const first = await run("export", file, "--format", "html", "--out", out);
    expect(first.status).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("<!DOCTYPE html>");
    writeFileSync(out, "mine");
    const again = await run("export", file, "--out", out);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/exists; pass --force/);
    expect(readFileSync(out, "utf8")).toBe("mine");
    expect((await run("export", file, "--format", "md", "--out", out, "--force")).status).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(/^# /);
    const self = await run("export", file, "--out", file, "--force");
    expect(self.status).toBe(2);
    expect(readFileSync(file, "utf8")).toBe(built.text);
    expect(readdirSync(dirname(file)).sort()).toEqual(["export.html", "session.jsonl"]);
  });
  it("--context, --leaf and bad options", async () => {
    const r = await run("export", file, "--leaf", built.ids.warm, "--context");
    expect(r.stdout).toContain("## Context sent to the model");
    expect((await run("export", file, "--format", "pdf")).status).toBe(2);
    expect((await run("export", file, "--force")).status).toBe(2);
    expect((await run("export", file, "--leaf", "nope")).status).toBe(2);
    expect(existsSync(join(pi.project, "export.md"))).toBe(false);
  });
});
