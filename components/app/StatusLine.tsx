// Dumb view: the bottom line with the session's totals.
import { Text } from "ink";
import { countNoun, formatCount } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";

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
}

function statusText(f: StatusFacts): string {
  const parts = [
    countNoun(f.entryCount, "entry"),
    `${countNoun(f.branches, "branch")} (${countNoun(f.branchPoints, "branch point")})`,
    `context ~${formatCount(f.contextTokens)} tokens (estimate)`,
    f.checking ? "checking lines…" : countNoun(f.damagedLines, "damaged line"),
  ];
  if (f.name) parts.unshift(sanitizeInline(f.name));
  const first = f.damagedLines > 0 && !f.checking ? f.firstProblem : undefined;
  return parts.join(" · ") + (first ? ` (first: line ${first.line}: ${sanitizeInline(first.problem)})` : "");
}

export function StatusLine({ facts }: { facts: StatusFacts }) {
  return (
    <Text wrap="truncate" color={facts.damagedLines > 0 && !facts.checking ? "yellow" : "gray"}>
      {` ${statusText(facts)}`}
    </Text>
  );
}
