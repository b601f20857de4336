// Scopes: which documents a search, browse or expand looks at.
import type { RecallIndex, RecallResult, RecallScope, ScopeDocs } from "./types.js";

export const SCOPE_HELP = "lineage (default), all, forgotten, compaction:N or compaction:latest";

export function parseScope(text: string | undefined): RecallResult<RecallScope> {
  const s = (text ?? "").trim().toLowerCase();
  if (s === "" || s === "lineage") return { ok: true, value: { kind: "lineage" } };
  if (s === "all") return { ok: true, value: { kind: "all" } };
  if (s === "forgotten") return { ok: true, value: { kind: "forgotten" } };
  const m = /^compaction:(latest|\d{1,9})$/.exec(s);
  if (m) return { ok: true, value: { kind: "compaction", which: m[1] === "latest" ? "latest" : Number(m[1]) } };
  return { ok: false, message: `Unknown scope "${text}": use ${SCOPE_HELP}.` };
}

function scopeName(scope: RecallScope): string {
  return scope.kind === "compaction" ? `compaction:${scope.which}` : scope.kind;
}

/** The documents of a scope, memoized on the index. */
export function resolveScope(index: RecallIndex, scope: RecallScope): RecallResult<ScopeDocs> {
  const key = scopeName(scope);
  const cached = index.scopeCache.get(key);
  if (cached) return { ok: true, value: cached };
  let order: number[];
  let label: string;
  switch (scope.kind) {
    case "lineage":
      order = index.lineage;
      label = "";
      break;
    case "all":
      order = index.docs.map((d) => d.idx);
      label = " (scope: all)";
      break;
    case "forgotten":
      order = index.forgotten;
      label = " (scope: forgotten)";
      break;
    case "compaction": {
      const count = index.compactions.length;
      if (count === 0) return { ok: false, message: `This session has no compactions, so there is no scope ${key}.` };
      const n = scope.which === "latest" ? count : scope.which;
      if (n < 1 || n > count) return { ok: false, message: `No compaction ${n}: this session has ${count} (use compaction:1 to compaction:${count}, or compaction:latest).` };
      order = index.compactions[n - 1].span;
      label = ` (scope: compaction:${n}${rangeOf(index, order)})`;
      break;
    }
  }
  const mask = new Uint8Array(index.docs.length);
  for (const d of order) mask[d] = 1;
  const value: ScopeDocs = { key, label, order, mask };
  index.scopeCache.set(key, value);
  return { ok: true, value };
}

/** The documents of a scope given as parsed or as its text (default lineage). */
export function scopeDocs(index: RecallIndex, scope: RecallScope | string | undefined): RecallResult<ScopeDocs> {
  const parsed = typeof scope === "string" || scope === undefined ? parseScope(scope) : { ok: true as const, value: scope };
  return parsed.ok ? resolveScope(index, parsed.value) : parsed;
}

/** Mean token count of the scope's docs (tokenizes the session on first use). */
export function scopeAvgLength(index: RecallIndex, scope: ScopeDocs): number {
  if (scope.avgLength !== undefined) return scope.avgLength;
  const { lengths } = index.terms();
  let total = 0;
  for (const d of scope.order) total += lengths[d];
  return (scope.avgLength = scope.order.length ? total / scope.order.length : 0);
}

function rangeOf(index: RecallIndex, order: number[]): string {
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of order) {
    const r = index.docs[d].ref;
    if (r === null) continue;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
  }
  return lo === Infinity ? ", no messages" : `, messages #${lo}-#${hi}`;
}
