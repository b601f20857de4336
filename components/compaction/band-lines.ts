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

function bandOf(bands: PathBands | undefined): (id: string) => BandName {
  if (!bands) return () => "path";
  const map = new Map<string, BandName>();
  for (const id of bands.summarizedIds) map.set(id, "summarized");
  for (const id of bands.turnPrefixIds) map.set(id, "turnPrefix");
  for (const id of bands.keptIds) map.set(id, "kept");
  return (id) => map.get(id) ?? "earlier";
}

export function bandLines(
  path: readonly SessionEntry[],
  bands: PathBands | undefined,
  tokensOf: ReadonlyMap<string, number>,
  cut: { firstKeptId: string; turnStartId: string | undefined } | undefined,
): BandList {
  const band = bandOf(bands);
  const lines: BandLine[] = [];
  let cutLine = -1;
  let i = 0;
  while (i < path.length) {
    const name = band(path[i].id);
    let end = i;
    let tokens = 0;
    while (end < path.length && band(path[end].id) === name) tokens += tokensOf.get(path[end++].id) ?? 0;
    if (name === "earlier") {
      lines.push({ kind: "earlier", count: end - i, tokens });
    } else {
      for (let k = i; k < end; k++) {
        if (k === i || (cut && path[k].id === cut.firstKeptId)) {
          if (cut && path[k].id === cut.firstKeptId) {
            cutLine = lines.length;
            lines.push({ kind: "cut", ...cut });
          }
          if (k === i) lines.push({ kind: "header", band: name, count: end - i, tokens });
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
