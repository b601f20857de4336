// Plain-text renderings of recall answers (CLI output). No colour codes; the JSON form carries
// highlight offsets for front ends that colour matches.
import { countNoun, formatCount } from "../display/units.js";
import type { BrowsePage, ExpandedEntry } from "./browse.js";
import type { RecallEntryView, RecallSearchPage, RecallSegment } from "./types.js";

export function entryHead(e: RecallEntryView): string {
  const name = e.ref !== null ? `#${e.ref}` : `id:${e.entryId}`;
  const labels = e.labels.length ? ` (${e.labels.join(", ")})` : "";
  const files = e.files.length ? ` files:[${e.files.join(", ")}]` : "";
  return `${name} [${e.role}]${labels}${files}`;
}

const indentRest = (text: string, pad: string): string => text.split("\n").join(`\n${pad}`);
const lines = (n: number): string => `${n} ${n === 1 ? "line" : "lines"}`;
/** The query as typed, in quotes unless it has its own. */
export const quoted = (query: string): string => (query.includes('"') ? query : `"${query}"`);

/**
 * The answer when a search found nothing. `outsideLineage` counts the matches in scope all when the
 * lineage had none (matchesOutsideLineage); they are named, with `widen` saying how to see them.
 */
export function noMatchesText(p: RecallSearchPage, outsideLineage = 0, widen = "--scope all"): string {
  // vcc's exact sentence (spec/vcc.md §3.7) first; where other branches have matches, a second line says so.
  const none = `No matches for ${quoted(p.query)} in session history${p.scopeLabel}.`;
  return outsideLineage > 0 && p.scopeLabel === "" ? `${none}\n${outsideLineageNote(outsideLineage, widen)}` : none;
}

/** "(13 matches off the active path, in scope all: --scope all)": where a lineage search with no hits has them. */
export const outsideLineageNote = (outsideLineage: number, widen: string): string =>
  `(${countNoun(outsideLineage, "match", "matches")} off the active path, in scope all: ${widen})`;

/** A page of hits as text; `outsideLineage` as for noMatchesText. */
export function formatSearchPage(p: RecallSearchPage, outsideLineage = 0): string {
  if (p.total === 0) return noMatchesText(p, outsideLineage);
  const out: string[] = [];
  const s = p.segments.length;
  // vcc's header forms (spec/vcc.md §3.7, "exact"), kept as they are.
  const head = p.pageCount > 1 ? `Page ${p.page}/${p.pageCount} (${p.total} total matches${p.scopeLabel})` : `${p.total} ${p.total === 1 ? "match" : "matches"}${p.scopeLabel}`;
  out.push(`${head} for ${quoted(p.query)}: ${p.hits.length} shown ${s === 1 ? "in 1 segment" : `across ${formatCount(s)} segments`}`);
  for (const [word, terms] of Object.entries(p.corrections)) out.push(`(no "${word}" in this session; matched ${terms.join(", ")})`);
  if (p.timedOut) out.push("(the regular expression ran out of time; results are partial)");
  for (const seg of p.segments) out.push("", ...formatSegment(seg));
  if (p.page < p.pageCount) out.push("", `--- Use --page ${p.page + 1} for more results ---`);
  return out.join("\n");
}

function formatSegment(seg: RecallSegment): string[] {
  const range = seg.firstRef === null ? "" : seg.lastRef !== null && seg.lastRef !== seg.firstRef ? ` #${seg.firstRef}-#${seg.lastRef}` : ` #${seg.firstRef}`;
  const count = seg.matchCount === seg.entryCount ? "" : ` (${seg.matchCount}/${seg.entryCount} entries match)`;
  const out = [`---${range}${count} ---`];
  for (const line of seg.lines) {
    if (line.kind === "elided") {
      out.push(`  … ${line.count} more ${line.count === 1 ? "entry" : "entries"}`);
      continue;
    }
    const { entry, hit } = line;
    if (hit?.snippet) {
      const above = hit.snippet.linesAbove ? `    …(${lines(hit.snippet.linesAbove)} above)\n` : "";
      const below = hit.snippet.linesBelow ? `\n    …(${lines(hit.snippet.linesBelow)} below)` : "";
      out.push(`> ${entryHead(entry)}`, `${above}    ${indentRest(hit.snippet.text, "    ")}${below}`);
    } else {
      out.push(`${hit ? ">" : " "} ${entryHead(entry)} ${entry.summary}`);
    }
  }
  return out;
}

export function formatBrowse(b: BrowsePage): string {
  if (!b.entries.length) return `No entries in session history${b.scopeLabel}.`;
  const head = `Session history${b.scopeLabel} (${b.entries.length === b.total ? `${b.total}` : `last ${b.entries.length} of ${b.total}`} entries):`;
  return [head, ...b.entries.map((e) => `\n${entryHead(e)} ${e.summary}`)].join("\n");
}

export function formatExpanded(entries: ExpandedEntry[]): string {
  return entries.map((e) => `${entryHead(e)}\n${e.text}`).join("\n\n");
}
