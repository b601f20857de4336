// Dumb view: the bottom line with the session's totals. On a narrow terminal the details give way
// first (branch points, "(estimate)", the words around the token count, then the branches), so the
// damaged-line count, or "checking lines…" while a first look is checked, stays on screen.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { countNoun, formatCount } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth } from "../kit/text-width.js";

export interface StatusFacts {
  name?: string;
  entryCount: number;
  branches: number;
  branchPoints: number;
  contextTokens: number;
  damagedLines: number;
  /** The first problem the reader found, so "N damaged lines" says where to look. */
  firstProblem?: { line: number; problem: string };
  /** The lines are still being checked (a first look at a large file): no damage count yet. */
  checking?: boolean;
  /** The file is followed while pi appends; `threshold`: where pi auto-compacts (window - reserveTokens). */
  live?: { following: boolean; threshold?: number; paused?: boolean };
}

/** The line at each level of detail, most detail first, without where the first problem is. */
function statusTexts(f: StatusFacts): string[] {
  const damage = f.checking ? "checking lines…" : countNoun(f.damagedLines, "damaged line");
  // "live" leads: it is what tells the user the tree follows pi without a key.
  // Paused (Shift+P), the tree holds still: "paused" stands where "live" would.
  const word = f.live?.paused ? "paused" : "live";
  const live = f.live ? (f.live.paused ? `${word} · ` : `live${f.live.following ? " (following)" : ""} · `) : "";
  const name = `${live}${f.name ? `${sanitizeInline(f.name)} · ` : ""}`;
  const entries = countNoun(f.entryCount, "entry");
  const branches = countNoun(f.branches, "branch");
  const threshold = f.live?.threshold;
  const tokens = threshold === undefined ? formatCount(f.contextTokens) : `${formatCount(f.contextTokens)}/${formatCount(threshold)}`;
  const widest = threshold === undefined ? `context ~${tokens} tokens (estimate)` : `context ~${formatCount(f.contextTokens)} of ${formatCount(threshold)} tokens pi compacts at (estimate)`;
  const texts = [
    `${name}${entries} · ${branches} (${countNoun(f.branchPoints, "branch point")}) · ${widest} · ${damage}`,
    `${name}${entries} · ${branches} · context ~${tokens} tokens · ${damage}`,
    `${name}${entries} · ${branches} · ~${tokens} tokens · ${damage}`,
    `${name}${entries} · ~${tokens} tokens · ${damage}`,
  ];
  // A live narrow line gives up the threshold, then "(following)", then "live", so the damage count stays.
  if (f.live) {
    const plain = formatCount(f.contextTokens);
    texts.push(`${word} · ${entries} · ~${plain} tokens · ${damage}`, `${entries} · ~${plain} tokens · ${damage}`, `${entries} · ${damage}`);
  }
  return texts;
}

/**
 * The most detailed line whose totals fit `width` columns (the terminal cuts the shortest when none
 * does), with where the first damaged line is and the key (!) that lists them all.
 */
export function statusText(f: StatusFacts, width = Infinity): string {
  const texts = statusTexts(f);
  const fits = (t: string) => displayWidth(t) + 1 <= width;
  const first = f.damagedLines > 0 && !f.checking ? f.firstProblem : undefined;
  if (!first) return texts.find(fits) ?? texts[texts.length - 1];
  // Where the first problem is and the key that lists them all outrank the totals' details.
  const problem = sanitizeInline(first.problem);
  const notes = [` (first: line ${first.line}: ${problem}; ! lists all)`, ` (first: line ${first.line}; ! lists all)`, " (! lists them)"];
  for (const note of notes) {
    const text = texts.find((t) => fits(t + note));
    if (text !== undefined) return text + note;
  }
  // Too narrow for any note: the damage count itself must stay.
  return texts.find(fits) ?? texts[texts.length - 1];
}

export function StatusLine({ facts, width }: { facts: StatusFacts; width?: number }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...(facts.damagedLines > 0 && !facts.checking ? theme.warning : theme.muted)}>
      {` ${statusText(facts, width)}`}
    </Text>
  );
}
