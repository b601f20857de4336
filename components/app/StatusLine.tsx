// Dumb view: the bottom line with the session's totals.
import { Text } from "ink";
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
}

const thousands = (n: number) => n.toLocaleString("en-US");
/** "1 branch", "2 branches". */
const count = (n: number, one: string, many: string) => `${thousands(n)} ${n === 1 ? one : many}`;

function statusText(f: StatusFacts): string {
  const parts = [
    count(f.entryCount, "entry", "entries"),
    `${count(f.branches, "branch", "branches")} (${count(f.branchPoints, "branch point", "branch points")})`,
    `context ~${thousands(f.contextTokens)} tokens (estimate)`,
    count(f.damagedLines, "damaged line", "damaged lines"),
  ];
  if (f.name) parts.unshift(sanitizeInline(f.name));
  const first = f.damagedLines > 0 ? f.firstProblem : undefined;
  return parts.join(" · ") + (first ? ` (first: line ${first.line}: ${sanitizeInline(first.problem)})` : "");
}

export function StatusLine({ facts }: { facts: StatusFacts }) {
  return (
    <Text wrap="truncate" color={facts.damagedLines > 0 ? "yellow" : "gray"}>
      {` ${statusText(facts)}`}
    </Text>
  );
}
