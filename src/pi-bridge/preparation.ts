// pi-explorer's preview and pi's own preparation in one shape (the bridge describes pi's the same
// way), and their comparison: any difference refuses the model call and shows both answers.
import { sha256_16, type BranchPlan, type CompactionPreparation } from "../engine/index.js";

export interface MessagePrint {
  role: string;
  timestamp: number | string | null;
  digest: string;
}

export interface CompactionDescription {
  firstKeptEntryId: string;
  isSplitTurn: boolean;
  tokensBefore: number;
  previousSummary: string | null;
  messagesToSummarize: MessagePrint[];
  turnPrefixMessages: MessagePrint[];
  fileOps: { read: string[]; written: string[]; edited: string[] };
  keepRecentTokens: number | null;
  reserveTokens: number | null;
}

export interface BranchDescription {
  targetId: string;
  oldLeafId: string | null;
  commonAncestorId: string | null;
  entryIds: string[];
  budget: number;
  totalTokens: number;
  messages: MessagePrint[];
}

export type PreparationDescription = CompactionDescription | BranchDescription;

/** Keys sorted at every level, undefined dropped (as pi-bridge.mjs computes it). */
function canonical(value: unknown): string {
  // A loop with its own stack, not recursion: a tool call's arguments may nest 100,000 levels.
  const out: string[] = [];
  const work: (string | { value: unknown })[] = [{ value }];
  while (work.length > 0) {
    const item = work.pop() as string | { value: unknown };
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const v = item.value;
    if (Array.isArray(v)) {
      work.push("]");
      for (let i = v.length - 1; i >= 0; i--) {
        work.push({ value: v[i] === undefined ? null : v[i] });
        if (i > 0) work.push(",");
      }
      work.push("[");
    } else if (v !== null && typeof v === "object") {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
      work.push("}");
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: record[keys[i]] });
        work.push(`${JSON.stringify(keys[i])}:`);
        if (i > 0) work.push(",");
      }
      work.push("{");
    } else out.push(JSON.stringify(v) ?? "null");
  }
  return out.join("");
}

export function messagePrint(message: unknown): MessagePrint {
  const m = message as { role?: unknown; timestamp?: unknown };
  return {
    role: typeof m.role === "string" ? m.role : "?",
    timestamp: typeof m.timestamp === "number" || typeof m.timestamp === "string" ? m.timestamp : null,
    digest: sha256_16(canonical(message)),
  };
}

const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();

export function describeCompaction(preparation: CompactionPreparation): CompactionDescription {
  return {
    firstKeptEntryId: preparation.firstKeptEntryId,
    isSplitTurn: preparation.isSplitTurn,
    tokensBefore: preparation.tokensBefore,
    previousSummary: preparation.previousSummary ?? null,
    messagesToSummarize: preparation.messagesToSummarize.map((m) => messagePrint(m.message)),
    turnPrefixMessages: preparation.turnPrefixMessages.map((m) => messagePrint(m.message)),
    fileOps: { read: sorted(preparation.fileOps.read), written: sorted(preparation.fileOps.written), edited: sorted(preparation.fileOps.edited) },
    keepRecentTokens: preparation.settings.keepRecentTokens,
    reserveTokens: preparation.settings.reserveTokens,
  };
}

export function describeBranch(plan: Extract<BranchPlan, { kind: "plan" }>, budget: number): BranchDescription {
  return {
    targetId: plan.targetId,
    oldLeafId: plan.oldLeafId,
    commonAncestorId: plan.commonAncestorId,
    entryIds: plan.entryIds,
    budget,
    totalTokens: plan.prepared.totalTokens,
    messages: plan.prepared.messages.map((m) => messagePrint(m.message)),
  };
}

/** One difference: the field and both answers, short enough for one line each. */
export interface PreparationDifference {
  field: string;
  preview: string;
  pi: string;
}

const shortValue = (value: unknown): string => {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "string") return value.length > 60 ? `${value.length} chars` : JSON.stringify(value);
  return JSON.stringify(value) ?? "none";
};

function listDifference(field: string, ours: unknown[], theirs: unknown[]): PreparationDifference | undefined {
  const length = Math.max(ours.length, theirs.length);
  for (let i = 0; i < length; i++) {
    if (canonical(ours[i]) === canonical(theirs[i])) continue;
    const show = (item: unknown) => (item === undefined ? "(none)" : typeof item === "object" ? canonical(item) : String(item));
    return { field: `${field}[${i}]`, preview: `${ours.length} in all; here ${show(ours[i])}`, pi: `${theirs.length} in all; here ${show(theirs[i])}` };
  }
  return undefined;
}

/** Every field where the preview and pi's preparation differ (empty: they agree). */
export function comparePreparations(preview: PreparationDescription, pi: PreparationDescription): PreparationDifference[] {
  const ours = preview as unknown as Record<string, unknown>;
  const theirs = pi as unknown as Record<string, unknown>;
  const differences: PreparationDifference[] = [];
  for (const field of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    const a = ours[field];
    const b = theirs[field];
    if (canonical(a) === canonical(b)) continue;
    if (Array.isArray(a) && Array.isArray(b)) {
      const difference = listDifference(field, a, b);
      if (difference) differences.push(difference);
    } else if (field === "fileOps" && typeof a === "object" && typeof b === "object" && a && b) {
      for (const kind of ["read", "written", "edited"]) {
        const difference = listDifference(`fileOps.${kind}`, (a as Record<string, string[]>)[kind] ?? [], (b as Record<string, string[]>)[kind] ?? []);
        if (difference) differences.push(difference);
      }
    } else {
      differences.push({ field, preview: shortValue(a), pi: shortValue(b) });
    }
  }
  return differences;
}
