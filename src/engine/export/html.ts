// The export as one self-contained HTML file: no script at all, a content security policy that
// allows none and no request to any network (only inline styles), every piece of session text
// escaped after it is made inert, tool output and thinking in <details> that open without script.
import type { ExportDocument, ExportItem } from "./document.js";
import { indent } from "./markdown.js";
import { cutText, factRows, inert, inertLine, when, type ExportOptions } from "./common.js";

const RESULT_CHARS = 200_000;

/** Text as HTML text or attribute value: nothing in it can open a tag, an entity or end a quote. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
const h = (text: string): string => escapeHtml(inert(text));
const hl = (text: string): string => escapeHtml(inertLine(text));

export const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #656d76; --line: #d0d7de; --user: #ddf4ff; --summary: #fff8c5; --error: #ffebe9; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --user: #0c2d6b; --summary: #3b2e00; --error: #5d0f12; } }
body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { border-bottom: 1px solid var(--line); margin-top: 2rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dl.facts dt { color: var(--muted); }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: rgba(127,127,127,.08); padding: .5rem; border-radius: 6px; margin: .3rem 0; }
.item { border: 1px solid var(--line); border-radius: 8px; padding: .5rem .8rem; margin: .8rem 0; }
.item.user { background: var(--user); } .item.compaction, .item.branch_summary { background: var(--summary); } .item.error { background: var(--error); }
.meta { color: var(--muted); font-size: .85rem; } .text { white-space: pre-wrap; overflow-wrap: anywhere; }
.outline { font-family: ui-monospace, monospace; font-size: .85rem; overflow-x: auto; } .outline div { white-space: pre; }
.outline .path { font-weight: bold; } .outline .target { background: var(--summary); } .outline .off { color: var(--muted); }
summary { cursor: pointer; color: var(--muted); }
`;

export function exportHtml(doc: ExportDocument, options: ExportOptions = {}): string {
  const facts = factRows(doc, options)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join("\n");
  const outline = doc.outline
    .map((r) => {
      const cls = r.isTarget ? "target path" : r.onPath ? "path" : "off";
      const mark = r.isTarget ? "▶" : r.onPath ? "•" : "·";
      return `<div class="${cls}">${indent(r.depth, r.startsBranch)}${mark} ${hl(r.text)}${r.label ? ` [${hl(r.label)}]` : ""}  <span class="meta">${hl(r.id)}</span></div>`;
    })
    .join("\n");
  const omitted = doc.outlineOmitted > 0 ? `<p class="meta">${doc.outlineOmitted} entries inside straight runs not listed.</p>` : "";
  const items = doc.items.map((item, i) => itemHtml(item, i + 1, options)).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${hl(doc.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${hl(doc.title)}</h1>
<dl class="facts">
${facts}
</dl>
<h2>Outline</h2>
<details open><summary>▶ the exported entry, • on the exported path, · elsewhere (${doc.outline.length} rows)</summary>
<div class="outline">
${outline}
</div>
${omitted}
</details>
<h2>${doc.mode === "context" ? "Context sent to the model" : "Path"}</h2>
${items}
</body>
</html>
`;
}

function meta(item: ExportItem, options: ExportOptions, extra: string[]): string {
  const bits = extra.filter(Boolean).map(hl);
  const t = when(item.time, options.timeZone);
  if (t) bits.push(escapeHtml(t));
  if (item.id) bits.push(hl(item.id));
  if (item.label) bits.push(`label ${hl(item.label)}`);
  return `<div class="meta">${bits.join(" · ")}</div>`;
}

function itemHtml(item: ExportItem, n: number, options: ExportOptions): string {
  const head = `<h3>${n}. ${hl(item.title)}</h3>`;
  switch (item.kind) {
    case "toolResult": {
      const cut = cutText(inert(item.text), Number.MAX_SAFE_INTEGER, RESULT_CHARS);
      return `<section class="item tool${item.isError ? " error" : ""}">${head}${meta(item, options, [item.isError ? "error" : ""])}
<details><summary>output (${escapeHtml(cut.size)}${cut.cut ? `, cut to ${RESULT_CHARS} characters` : ""})</summary><pre>${escapeHtml(cut.text)}</pre></details></section>`;
    }
    case "compaction":
    case "branch_summary":
      return `<section class="item ${item.kind}">${head}${meta(item, options, [item.tokensBefore === null ? "" : `${item.tokensBefore} tokens before`])}<div class="text">${h(item.text)}</div></section>`;
    default: {
      const parts = [head, meta(item, options, [item.model ?? "", item.stopReason && item.stopReason !== "stop" ? `stop: ${item.stopReason}` : ""])];
      if (options.thinking !== "omit") for (const t of item.thinking) parts.push(`<details><summary>thinking</summary><pre>${h(t)}</pre></details>`);
      if (item.text.trim()) parts.push(item.kind === "system" || item.kind === "bash" ? `<pre>${h(item.text)}</pre>` : `<div class="text">${h(item.text)}</div>`);
      for (const call of item.toolCalls) parts.push(`<details><summary>tool call ${hl(call.name)} ${hl(call.id)}</summary><pre>${h(call.arguments)}</pre></details>`);
      return `<section class="item ${item.kind}">${parts.join("\n")}</section>`;
    }
  }
}
