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
}

const thousands = (n: number) => n.toLocaleString("en-US");

export function statusText(f: StatusFacts): string {
  const parts = [
    `${thousands(f.entryCount)} entries`,
    `${thousands(f.branches)} branches (${thousands(f.branchPoints)} branch points)`,
    `context ~${thousands(f.contextTokens)} tokens (estimate)`,
    `${thousands(f.damagedLines)} damaged lines`,
  ];
  if (f.name) parts.unshift(sanitizeInline(f.name));
  return parts.join(" · ");
}

export function StatusLine({ facts }: { facts: StatusFacts }) {
  return (
    <Text wrap="truncate" color={facts.damagedLines > 0 ? "yellow" : "gray"}>
      {` ${statusText(facts)}`}
    </Text>
  );
}
