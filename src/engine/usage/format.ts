// How a cost and a token figure read on screen and in the CLI's tables (one rule for every front end).
import type { TokenCost } from "./figures.js";

/** "$12.34"; "$0.004" below a cent; "—" when nothing recorded a cost; a trailing "+" when some usage had none. */
export function formatCost(t: Pick<TokenCost, "cost" | "withoutCost" | "usages">): string {
  if (t.usages > 0 && t.usages === t.withoutCost) return "—";
  const c = t.cost;
  const text = c === 0 ? "$0.00" : c < 0.01 ? `$${c.toFixed(3)}` : `$${c.toFixed(2)}`;
  return t.withoutCost > 0 ? `${text}+` : text;
}

/** 1234 -> "1.2k", 3456789 -> "3.5M": short token figures for narrow columns. */
export function formatTokensShort(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(n < 10_000_000 ? 1 : 0)}M`;
}

/** The model id without its provider ("anthropic/claude-opus-4-5" -> "claude-opus-4-5"). */
export const shortModel = (key: string): string => key.slice(key.indexOf("/") + 1);
