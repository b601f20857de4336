// browse(): the latest entries of a scope; expand(): chosen entries in full.
import { scopeDocs } from "./scope.js";
import { entryView, fullText } from "./view.js";
import type { RecallEntryView, RecallIndex, RecallResult, RecallScope } from "./types.js";

export const BROWSE_LIMIT = 25;

export interface BrowsePage {
  scopeLabel: string;
  /** Entries of the scope in total. */
  total: number;
  /** The last `limit` entries, oldest first. */
  entries: RecallEntryView[];
}

export function browse(index: RecallIndex, opts: { scope?: RecallScope | string; limit?: number } = {}): RecallResult<BrowsePage> {
  const scope = scopeDocs(index, opts.scope);
  if (!scope.ok) return scope;
  const limit = Math.max(1, opts.limit ?? BROWSE_LIMIT);
  const order = scope.value.order;
  const entries = order.slice(Math.max(0, order.length - limit)).map((d) => entryView(index, d));
  return { ok: true, value: { scopeLabel: scope.value.label, total: order.length, entries } };
}

export interface ExpandedEntry extends RecallEntryView {
  /** The entry's whole searchable content, uncapped. */
  text: string;
}

/**
 * Full content of entries named by entry id, `#N` or `N`, deduplicated, in request order.
 * Any name that is unknown or outside the scope makes the whole call fail, naming them all.
 */
export function expand(index: RecallIndex, ids: readonly string[], opts: { scope?: RecallScope | string } = {}): RecallResult<ExpandedEntry[]> {
  const scope = scopeDocs(index, opts.scope);
  if (!scope.ok) return scope;
  const out: ExpandedEntry[] = [];
  const seen = new Set<number>();
  const missing: string[] = [];
  const unknown: string[] = [];
  for (const raw of ids) {
    const id = raw.trim();
    if (!id) continue;
    const d = resolveId(index, id);
    if (d === undefined) {
      unknown.push(id);
      continue;
    }
    if (!scope.value.mask[d]) {
      missing.push(id);
      continue;
    }
    if (seen.has(d)) continue;
    seen.add(d);
    out.push({ ...entryView(index, d), text: fullText(index, d) });
  }
  const problems: string[] = [];
  if (unknown.length) {
    const refs = index.docByRef.size;
    const range = refs > 0 ? `: give an entry id, or #N for a result number from #1 to #${refs}` : "";
    problems.push(`No entry ${unknown.join(", ")} in this session${range}`);
  }
  if (missing.length) {
    const where = scope.value.key === "lineage" ? "the active lineage" : scope.value.key === "all" ? "this session" : `scope ${scope.value.key}`;
    problems.push(`Cannot expand entries outside ${where}: ${missing.join(", ")}`);
  }
  if (problems.length) return { ok: false, message: problems.join("; ") };
  return { ok: true, value: out };
}

function resolveId(index: RecallIndex, id: string): number | undefined {
  const byId = index.docByEntryId.get(id);
  if (byId !== undefined) return byId;
  const m = /^#?(\d+)$/.exec(id);
  return m ? index.docByRef.get(Number(m[1])) : undefined;
}
