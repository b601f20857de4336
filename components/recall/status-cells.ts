// The recall screen's status line: scope, what the result holds, and whatever went wrong.
import { countNoun, outsideLineageNote } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { sanitizeInline } from "../kit/sanitize.js";
import type { RecallState } from "./recall-reducer.js";

/** " (scope: compaction:2, messages #4-#9)" -> "compaction:2, messages #4-#9"; "" -> "lineage". */
const scopeText = (label: string): string => label.trim().replace(/^\(scope: /, "").replace(/\)$/, "") || "lineage";

/** `expanded`: the expanded entry's lines made so far, and whether more follow (they are wrapped as read). */
export function statusCells(s: RecallState, expanded: { lines: number; more: boolean } = { lines: 0, more: false }): Cell[] {
  const current = s.shown !== null && s.shown.seq === s.seq ? s.shown.outcome : null;
  const scope = current && current.kind !== "error" ? scopeText(current.page.scopeLabel) : s.scopes[s.scopeIndex].name;
  const cells: Cell[] = [{ text: "  scope: ", tone: "muted" }, { text: sanitizeInline(scope), tone: "accent" }, { text: "  ", tone: "plain" }];
  const add = (text: string, tone: Cell["tone"] = "plain") => cells.push({ text: sanitizeInline(text), tone });
  if (s.notice) {
    add(s.notice, "error");
    return cells;
  }
  if (!s.ready) {
    add("indexing…", "muted");
    return cells;
  }
  if (s.expanded) {
    const e = s.expanded.entry;
    const count = expanded.lines - 1;
    add(`full text of ${e.ref !== null ? `#${e.ref}` : e.entryId}, ${expanded.more ? `${count}+ lines` : countNoun(count, "line")}`, "muted");
    return cells;
  }
  const outcome = s.shown?.outcome;
  if (!outcome) add("searching…", "muted");
  else if (outcome.kind === "error") add(outcome.message, "error");
  else if (outcome.kind === "browse") {
    const b = outcome.page;
    add(b.entries.length === 0 ? "No entries in this scope." : `latest ${b.entries.length} of ${countNoun(b.total, "entry")} — type to search`, "muted");
  } else {
    const p = outcome.page;
    if (p.total === 0) {
      const outside = outcome.outsideLineage ?? 0;
      add(`No matches for "${p.query}".${outside > 0 ? ` ${outsideLineageNote(outside, "Shift+Tab")}` : ""}`, "warning");
    } else {
      const pages = p.pageCount > 1 ? `page ${p.page}/${p.pageCount} · ` : "";
      add(`${pages}${countNoun(p.total, "match")} · ${countNoun(p.segments.length, "segment")}`);
    }
    for (const [word, terms] of Object.entries(p.corrections)) add(` · no "${word}", matched ${terms.join(", ")}`, "muted");
    if (p.timedOut) add(" · the regular expression ran out of time: results are partial", "warning");
  }
  if (current === null && s.shown !== null) add(" · searching…", "dim");
  return cells;
}
