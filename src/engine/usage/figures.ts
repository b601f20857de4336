// Token and cost figures read from one recorded `usage` object, and their sums. pi adds
// input + output + cacheRead + cacheWrite and cost.total (core/usage-totals.js in 1.6, the footer in
// 0.73); both releases record the same fields (1.6 adds cacheWrite1h, reasoning, cost.totalFromProvider,
// which pi's totals leave out, so do we). A usage with no cost still counts its tokens, and the sum
// says how many such usages it holds, instead of pretending they were free.

/** Sums of recorded usage. `total` is pi's: the four token kinds added. */
export interface TokenCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
  /** Sum of cost.total over the usages that have one (USD as the provider reported it). */
  cost: number;
  /** Usages counted here. */
  usages: number;
  /** Usages with tokens but no cost.total: their tokens count, their cost is unknown. */
  withoutCost: number;
  /** Usages with a token field missing or not a number (pi would add NaN; here it counts 0). */
  incomplete: number;
}

export const emptyTokenCost = (): TokenCost => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  total: 0,
  cost: 0,
  usages: 0,
  withoutCost: 0,
  incomplete: 0,
});

/** One usage object as figures; undefined when the value is no usage at all (not an object). */
export interface UsageFigures {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** undefined when the usage records no cost.total. */
  cost: number | undefined;
  incomplete: boolean;
}

/** A plain object (not null, not an array): what a recorded usage and its parts must be. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export function readUsage(value: unknown): UsageFigures | undefined {
  if (!isRecord(value)) return undefined;
  let incomplete = false;
  const part = (name: string): number => {
    const v = value[name];
    if (finite(v)) return v;
    incomplete = true;
    return 0;
  };
  const input = part("input");
  const output = part("output");
  const cacheRead = part("cacheRead");
  const cacheWrite = part("cacheWrite");
  const costValue = isRecord(value.cost) ? value.cost.total : undefined;
  return { input, output, cacheRead, cacheWrite, cost: finite(costValue) ? costValue : undefined, incomplete };
}

/** Adds one usage in place (the order of additions is pi's: file order, one sum per figure). */
export function addFigures(sum: TokenCost, f: UsageFigures): void {
  addTokens(sum, f);
  if (f.cost === undefined) {
    if (f.input + f.output + f.cacheRead + f.cacheWrite > 0) sum.withoutCost++;
  } else sum.cost += f.cost;
  sum.usages++;
  if (f.incomplete) sum.incomplete++;
}

/** Adds a whole sum in place (for totals of totals: sessions, days). */
export function addTokenCost(sum: TokenCost, more: TokenCost): void {
  addTokens(sum, more);
  sum.cost += more.cost;
  sum.usages += more.usages;
  sum.withoutCost += more.withoutCost;
  sum.incomplete += more.incomplete;
}

/** The four token kinds added in place, and pi's total of them recomputed. */
function addTokens(sum: TokenCost, more: Pick<TokenCost, "input" | "output" | "cacheRead" | "cacheWrite">): void {
  sum.input += more.input;
  sum.output += more.output;
  sum.cacheRead += more.cacheRead;
  sum.cacheWrite += more.cacheWrite;
  sum.total = sum.input + sum.output + sum.cacheRead + sum.cacheWrite;
}
