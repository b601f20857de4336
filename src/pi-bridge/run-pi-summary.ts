// One summary by the user's pi: copy the session, start the bridge, compare pi's preparation with the
// preview (refuse on any difference), let pi call its model, and return pi's own entry. Nothing here
// writes the session file: the caller appends the entry through the guarded append.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { SessionEntry } from "../engine/index.js";
import { BridgeProcess, type BridgeMessage } from "./bridge-process.js";
import { classifyPiError, failure, type PiFailure } from "./failure.js";
import type { FoundPi } from "./find-pi.js";
import { comparePreparations, type PreparationDescription, type PreparationDifference } from "./preparation.js";

export interface PiModel {
  provider: string;
  id: string;
  name: string;
  contextWindow: number | null;
  reasoning: boolean;
}

/** What the bridge says once pi has opened the session: the model pi would use, and how it got it. */
export interface PiReady {
  version: string | null;
  model: PiModel | null;
  thinkingLevel: string;
  /** pi could not restore the session's model and took another one (pi's own words). */
  fallback: string | null;
  /** The models pi has credentials for, to pick another one from. */
  models: { provider: string; id: string; name: string }[];
}

export type PiOperation = { kind: "compact"; instructions?: string } | { kind: "branch"; targetId: string; instructions?: string };

export type PiStage = { stage: "starting" } | { stage: "ready"; ready: PiReady } | { stage: "working"; ready: PiReady };

export interface PiSummaryRequest {
  pi: FoundPi;
  /** The session file; the bridge works on a private copy. */
  file: string;
  operation: PiOperation;
  /** The leaf the preview was made at (pi's leaf unless the user moved). */
  leafId: string | null;
  /** --model PROVIDER/ID: another model the user's pi can reach. */
  model?: string;
  /** pi settings the preview used that differ from the files (flags), as pi's settings shape. */
  settings?: Record<string, unknown>;
  /** pi's agent dir (auth.json, models.json, settings.json). */
  agentDir: string;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Give up (and cancel the request) after this long; default 10 minutes. */
  timeoutMs?: number;
  /** Asked once pi is ready: another model ("provider/id") to use, or undefined for pi's own choice. */
  chooseModel?(ready: PiReady): Promise<string | undefined>;
  /** The preview's answer for pi's model (a branch budget depends on its window), or a refusal. */
  preview(ready: PiReady): PreparationDescription | { refuse: string };
  onStage?(stage: PiStage): void;
}

export type PiSummaryOutcome =
  | { ok: true; entry: SessionEntry; ready: PiReady }
  | (PiFailure & { ready?: PiReady; differences?: PreparationDifference[]; preview?: PreparationDescription; piPreparation?: PreparationDescription });

export const modelLabel = (model: PiModel | null): string => (model ? `${model.provider}/${model.id}` : "no model");

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

const readyOf = (message: BridgeMessage): PiReady => ({
  version: typeof message.version === "string" ? message.version : null,
  model: (message.model as PiModel | null) ?? null,
  thinkingLevel: typeof message.thinkingLevel === "string" ? message.thinkingLevel : "off",
  fallback: typeof message.fallback === "string" ? message.fallback : null,
  models: Array.isArray(message.models) ? (message.models as PiReady["models"]) : [],
});

function errorOutcome(message: BridgeMessage, ready: PiReady | undefined): PiFailure {
  const text = typeof message.message === "string" ? message.message : "the bridge failed";
  if (message.kind === "no-model") return failure("no-model", `${text} (log in with pi, or name a model it can reach with --model PROVIDER/ID)`);
  if (/already compacted|nothing to compact/i.test(text)) return failure("nothing", `pi: ${text}`);
  return classifyPiError(text, ready?.model ? modelLabel(ready.model) : undefined);
}

/** Run one summary through the user's pi; never throws for pi's failures. */
export async function runPiSummary(request: PiSummaryRequest): Promise<PiSummaryOutcome> {
  if (request.signal?.aborted) return failure("cancelled", "cancelled before pi started");
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-bridge-"));
  const copy = join(dir, basename(request.file));
  copyFileSync(request.file, copy);
  const bridge = BridgeProcess.start(request.pi, request.env);
  let cancelled = false;
  let timedOut = false;
  const abort = (why: "cancel" | "timeout") => {
    if (why === "cancel") cancelled = true;
    else timedOut = true;
    bridge.send({ op: "abort" });
  };
  const onAbort = () => abort("cancel");
  request.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => abort("timeout"), request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const stopped = (ready?: PiReady): PiSummaryOutcome =>
    timedOut
      ? { ...failure("timeout", `${ready?.model ? `${modelLabel(ready.model)}: ` : ""}no answer within ${Math.round((request.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s; the request was cancelled`), ready }
      : { ...failure("cancelled", "cancelled; the model's answer, if any, is dropped"), ready };
  try {
    request.onStage?.({ stage: "starting" });
    bridge.send({
      op: "open",
      entry: request.pi.entry,
      file: copy,
      sessionDir: dir,
      leafId: request.leafId,
      agentDir: request.agentDir,
      model: request.model,
      settings: request.settings,
    });
    let opened = await bridge.next();
    if (cancelled || timedOut) return stopped();
    if (opened.type !== "ready") return errorOutcome(opened, undefined);
    let ready = readyOf(opened);
    request.onStage?.({ stage: "ready", ready });
    const chosen = request.chooseModel ? await request.chooseModel(ready) : undefined;
    if (cancelled || timedOut) return stopped(ready);
    if (chosen !== undefined) {
      bridge.send({ op: "model", model: chosen });
      opened = await bridge.next();
      if (cancelled || timedOut) return stopped(ready);
      if (opened.type !== "ready") return { ...errorOutcome(opened, ready), ready };
      ready = readyOf(opened);
      request.onStage?.({ stage: "ready", ready });
    }
    const op = request.operation;
    bridge.send(op.kind === "compact" ? { op: "compact", instructions: op.instructions } : { op: "branch", targetId: op.targetId, instructions: op.instructions });
    const prepared = await bridge.next();
    if (prepared.type === "stopped" || cancelled || timedOut) return stopped(ready);
    if (prepared.type !== "preparation") return { ...errorOutcome(prepared, ready), ready };
    const piPreparation = prepared.preparation as PreparationDescription;
    const preview = request.preview(ready);
    if ("refuse" in preview) {
      bridge.send({ op: "stop" });
      return { ...failure("mismatch", preview.refuse), ready };
    }
    const differences = comparePreparations(preview, piPreparation);
    if (differences.length > 0) {
      bridge.send({ op: "stop" });
      const first = differences[0] as PreparationDifference;
      return {
        ...failure("mismatch", `pi ${ready.version ?? ""} prepares something else than the preview (${first.field}: preview ${first.preview}, pi ${first.pi}${differences.length > 1 ? `; ${differences.length - 1} more` : ""}); no model was called`),
        ready,
        differences,
        preview,
        piPreparation,
      };
    }
    bridge.send({ op: "go" });
    let answer = await bridge.next();
    if (answer.type === "working") {
      request.onStage?.({ stage: "working", ready });
      answer = await bridge.next();
    }
    if (answer.type === "stopped" || cancelled || timedOut) return stopped(ready);
    if (answer.type !== "result") return { ...errorOutcome(answer, ready), ready };
    return { ok: true, entry: answer.entry as SessionEntry, ready };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
    bridge.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
