#!/usr/bin/env node
// `npm run bench` (build first): generates the synthetic sessions if missing, runs every section in
// bench/sections/*.mjs and rewrites docs/PERFORMANCE.md with one table.
//
//   node bench/run.mjs                 every section, rewrites docs/PERFORMANCE.md
//   node bench/run.mjs engine app      only these sections, prints the table, leaves the doc alone
//
// A section is a module exporting `async function run(ctx)` that returns rows:
//   { figure, value, baseline, ratio, target, met, command }   (strings; met: true | false | undefined)
// and may export `notes` (lines of Markdown) that docs/PERFORMANCE.md prints under the table.
// Every value is compared with a baseline measured in the same run on the same machine, so the
// ratio is the figure that carries over between machines.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runChild, median, generateSynth } from "./lib.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = join(ROOT, "bench", "out");
const SHARED = process.env.PI_EXPLORER_SHARED ?? join(ROOT, "..", "shared");
const SECTIONS_DIR = join(ROOT, "bench", "sections");
const DOC = join(ROOT, "docs", "PERFORMANCE.md");

const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));
mkdirSync(OUT, { recursive: true });

if (!existsSync(join(ROOT, "dist", "src", "engine", "index.js"))) {
  console.error("bench: dist/ is missing; run `npm run bench` (it builds first) or `npm run build`");
  process.exit(2);
}

const synth = generateSynth({ shared: SHARED, outDir: OUT, log });
const ctx = {
  root: ROOT,
  outDir: OUT,
  shared: SHARED,
  node: process.execPath,
  /** [{name, path, bytes}] of the synthetic sessions that exist (empty when ../shared is absent). */
  synth,
  engineUrl: pathToFileURL(join(ROOT, "dist", "src", "engine", "index.js")).href,
  runChild,
  median,
  log,
};

const sectionFiles = readdirSync(SECTIONS_DIR)
  .filter((f) => f.endsWith(".mjs"))
  .sort()
  .filter((f) => only.length === 0 || only.includes(basename(f, ".mjs")));

const results = [];
for (const file of sectionFiles) {
  const name = basename(file, ".mjs");
  log(`section ${name}`);
  const started = Date.now();
  try {
    const mod = await import(pathToFileURL(join(SECTIONS_DIR, file)).href);
    const rows = await mod.run(ctx);
    results.push({ name, rows, notes: mod.notes ?? [], seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    log(`section ${name} failed: ${message}`);
    results.push({ name, rows: [{ figure: "section failed", value: message, baseline: "", ratio: "", target: "", met: false, command: `node bench/run.mjs ${name}` }], seconds: (Date.now() - started) / 1000 });
  }
}

const table = renderTable(results);
console.log(table.join("\n"));
if (only.length === 0) {
  writeFileSync(DOC, renderDoc(results, table));
  log(`wrote ${DOC}`);
}
const failed = results.flatMap((r) => r.rows).filter((r) => r.met === false).length;
if (failed > 0) log(`${failed} figure(s) miss their target`);

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

function cell(text) {
  return String(text ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function renderTable(sections) {
  const lines = ["| section | figure | value | baseline (same run) | ratio | target | met | command |", "|---|---|---|---|---|---|---|---|"];
  for (const section of sections) {
    for (const row of section.rows) {
      const met = row.met === true ? "yes" : row.met === false ? "**no**" : "";
      lines.push(`| ${cell(section.name)} | ${cell(row.figure)} | ${cell(row.value)} | ${cell(row.baseline)} | ${cell(row.ratio)} | ${cell(row.target)} | ${met} | ${row.command ? `\`${cell(row.command)}\`` : ""} |`);
    }
  }
  return lines;
}

function renderDoc(sections, table) {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const files = synth.map((s) => `- \`${basename(s.path)}\` (${(s.bytes / 1e6).toFixed(1)} MB): \`gen.mjs ${s.args.join(" ")}\``).join("\n") || "- none (../shared/tools/synth/gen.mjs was not found)";
  return [
    "# Performance",
    "",
    "This file is rewritten by `npm run bench` (build, then `node bench/run.mjs`). Do not edit it by hand.",
    "",
    `Last run: ${new Date().toISOString()}, Node ${process.version}, ${cpu} × ${cpus().length}, ${process.platform}/${process.arch}.`,
    "Inputs, generated into `bench/out/` by `../shared/tools/synth/gen.mjs` when missing (deterministic):",
    files,
    "",
    "Every figure has a baseline measured in the same run on the same machine; the ratio is the number",
    "that carries over to other machines. Times are medians of several runs, each in a fresh process.",
    "Memory is the peak resident set size (getrusage maxRSS) of a fresh process minus its size before",
    "the work began, so Node's own start-up memory is not counted.",
    "",
    ...table,
    "",
    ...sections.flatMap((s) => (s.notes?.length ? [`Notes on ${s.name}:`, ...s.notes, ""] : [])),
    "Sections: " + sections.map((s) => `${s.name} (${s.seconds.toFixed(0)} s)`).join(", ") + ".",
    "",
  ].join("\n");
}

