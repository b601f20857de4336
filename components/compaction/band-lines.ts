// The bands list as line descriptors: the active path in path order, cut into runs of summarized
// history, turn prefix and kept tail, with a header per run and the cut marked before the first kept
// entry. Runs outside this compaction's reach fold into one line. Only descriptors are built here
// (cheap even for 12,000 entries); the view formats just the lines it shows.
import type { PathBands, SessionEntry } from "../../src/engine/index.js";

export type BandName = "earlier" | "summarized" | "turnPrefix" | "kept" | "path";

export type BandLine =
  | { kind: "header"; band: BandName; count: number; tokens: number }
  | { kind: "entry"; band: BandName; entryIndex: number; tokens: number }
  | { kind: "earlier"; count: number; tokens: number }
  /** An earlier compaction entry between kept entries: its summary is what the new one builds on. */
  | { kind: "previousCompaction"; entryIndex: number }
  | { kind: "cut"; firstKeptId: string; turnStartId: string | undefined };

export interface BandList {
  lines: BandLine[];
  /** Index of the cut line; -1 when there is no cut. */
  cutLine: number;
}

export const BAND_TITLE: Record<BandName, string> = {
  earlier: "earlier",
  summarized: "summarized history",
  turnPrefix: "turn prefix of the split turn (summarized separately)",
  kept: "kept tail",
  path: "active path (nothing to compact)",
};

/** Without a cut (pi would not compact) nothing is summarized or kept: the reachable entries are just the path. */
function bandOf(bands: PathBands | undefined, hasCut: boolean): (id: string) => BandName {
  if (!bands) return () => "path";
  const map = new Map<string, BandName>();
  for (const id of bands.summarizedIds) map.set(id, hasCut ? "summarized" : "path");
  for (const id of bands.turnPrefixIds) map.set(id, hasCut ? "turnPrefix" : "path");
  for (const id of bands.keptIds) map.set(id, hasCut ? "kept" : "path");
  return (id) => map.get(id) ?? "earlier";
}

export function bandLines(
  path: readonly SessionEntry[],
  bands: PathBands | undefined,
  tokensOf: ReadonlyMap<string, number>,
  cut: { firstKeptId: string; turnStartId: string | undefined } | undefined,
): BandList {
  const band = bandOf(bands, cut !== undefined);
  // A band can be interrupted (1.6 keeps the previous compaction entry out of every band): its header
  // comes once, at its first entry, with the totals of the whole band.
  const totals = new Map<BandName, { count: number; tokens: number }>();
  for (const entry of path) {
    const t = totals.get(band(entry.id)) ?? { count: 0, tokens: 0 };
    t.count++;
    t.tokens += tokensOf.get(entry.id) ?? 0;
    totals.set(band(entry.id), t);
  }
  const headed = new Set<BandName>();
  const lines: BandLine[] = [];
  let cutLine = -1;
  let i = 0;
  while (i < path.length) {
    const name = band(path[i].id);
    let end = i;
    let tokens = 0;
    while (end < path.length && band(path[end].id) === name) tokens += tokensOf.get(path[end++].id) ?? 0;
    if (name === "earlier" && end - i === 1 && path[i].type === "compaction" && i > 0 && band(path[i - 1].id) !== "earlier") {
      lines.push({ kind: "previousCompaction", entryIndex: i });
    } else if (name === "earlier") {
      lines.push({ kind: "earlier", count: end - i, tokens });
    } else {
      for (let k = i; k < end; k++) {
        if (cut && path[k].id === cut.firstKeptId) {
          cutLine = lines.length;
          lines.push({ kind: "cut", ...cut });
        }
        if (!headed.has(name)) {
          headed.add(name);
          lines.push({ kind: "header", band: name, ...(totals.get(name) ?? { count: 0, tokens: 0 }) });
        }
        lines.push({ kind: "entry", band: name, entryIndex: k, tokens: tokensOf.get(path[k].id) ?? 0 });
      }
    }
    i = end;
  }
  return { lines, cutLine };
}

/** Top line of a window of `height` that shows the cut a third of the way down. */
export function followCutTop(list: BandList, height: number): number {
  const max = Math.max(0, list.lines.length - height);
  if (list.cutLine < 0) return max;
  return Math.max(0, Math.min(max, list.cutLine - Math.floor(height / 3)));
}
