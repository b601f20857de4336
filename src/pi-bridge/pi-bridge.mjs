// pi-bridge.mjs: the one place pi-explorer runs pi's code. It runs as a child process under the Node
// that runs the user's pi, imports only that pi package's root export (the path comes in the "open"
// message), and speaks JSON lines over stdin/stdout:
//
//   in:  {op:"open", entry, file, sessionDir, leafId, agentDir, model?, settings?}
//   out: {type:"ready", version, model, thinkingLevel, fallback, models}
//   in:  {op:"model", model:"provider/id"} (any number: another model pi can reach; a new "ready" follows)
//   in:  {op:"compact", instructions?} | {op:"branch", targetId, instructions?}
//   out: {type:"preparation", kind, preparation}        pi's own preparation, described
//   in:  {op:"go"} | {op:"stop"}                         the caller compared it with its preview
//   out: {type:"working"}, then {type:"result", entry} | {type:"stopped"} | {type:"error", message}
//   in:  {op:"abort"} at any time cancels the model call (Esc); nothing is written by the caller.
//
// How: pi's own AgentSession on a private copy of the session file (the caller makes the copy), with
// an inline extension on pi's public hooks (session_before_compact, session_before_tree) that reports
// the preparation pi computed and waits for the caller's go-ahead. pi then makes its own summary with
// the model, thinking level and credentials it resolves, and appends its own entry to the copy; the
// bridge hands that entry back. The caller appends it to the real file through its guarded append.
// Plain JavaScript on purpose: it is shipped as is and must run on any Node that runs pi.
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

const inbox = [];
let waiting;
let abortCurrent = () => {};
let aborted = false;

function deliver(message) {
  if (waiting) {
    const resolve = waiting;
    waiting = undefined;
    resolve(message);
  } else inbox.push(message);
}

const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message?.op === "abort") {
    aborted = true;
    abortCurrent();
    deliver({ op: "stop" });
    return;
  }
  deliver(message);
});
// The caller went away: cancel whatever runs and stop.
input.on("close", () => {
  aborted = true;
  abortCurrent();
  deliver({ op: "stop" });
});

const next = () => (inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => (waiting = resolve)));

/** Keys sorted at every level, undefined dropped: the same digest for the same JSON value. */
function canonical(value) {
  // A loop with its own stack, not recursion: a tool call's arguments may nest 100,000 levels.
  const out = [];
  const work = [{ value }];
  while (work.length > 0) {
    const item = work.pop();
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
      const keys = Object.keys(v).filter((key) => v[key] !== undefined).sort();
      work.push("}");
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: v[keys[i]] });
        work.push(`${JSON.stringify(keys[i])}:`);
        if (i > 0) work.push(",");
      }
      work.push("{");
    } else out.push(JSON.stringify(v) ?? "null");
  }
  return out.join("");
}

const fingerprint = (message) => ({
  role: message.role,
  timestamp: message.timestamp ?? null,
  digest: createHash("sha256").update(canonical(message)).digest("hex").slice(0, 16),
});

const sortedList = (set) => [...(set ?? [])].sort();

function describeCompaction(preparation) {
  return {
    firstKeptEntryId: preparation.firstKeptEntryId,
    isSplitTurn: preparation.isSplitTurn,
    tokensBefore: preparation.tokensBefore,
    previousSummary: preparation.previousSummary ?? null,
    messagesToSummarize: preparation.messagesToSummarize.map(fingerprint),
    turnPrefixMessages: preparation.turnPrefixMessages.map(fingerprint),
    fileOps: { read: sortedList(preparation.fileOps?.read), written: sortedList(preparation.fileOps?.written), edited: sortedList(preparation.fileOps?.edited) },
    keepRecentTokens: preparation.settings?.keepRecentTokens ?? null,
    reserveTokens: preparation.settings?.reserveTokens ?? null,
  };
}

const modelOf = (model) =>
  model ? { provider: model.provider, id: model.id, name: model.name ?? model.id, contextWindow: model.contextWindow ?? null, reasoning: model.reasoning === true } : null;

function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

/** Put pi's in-memory leaf back where the caller asked (creating a session may append a checkpoint). */
function moveLeaf(sessionManager, leafId) {
  if (sessionManager.getLeafId() === leafId) return;
  if (leafId === null) sessionManager.resetLeaf();
  else sessionManager.branch(leafId);
}

/**
 * pi's model registry as createAgentSession makes it (1.x: ModelRuntime; 0.73: AuthStorage and
 * ModelRegistry), so that a chosen model is handed to the session at creation: pi 0.73's setModel
 * would also save it as the user's default model in settings.json, which is not ours to change.
 */
async function modelRegistry(pi, agentDir) {
  const authPath = join(agentDir, "auth.json");
  const modelsPath = join(agentDir, "models.json");
  if (pi.ModelRuntime) {
    const modelRuntime = await pi.ModelRuntime.create({ authPath, modelsPath });
    return { options: { modelRuntime }, find: (provider, id) => modelRuntime.getModel(provider, id) };
  }
  const authStorage = pi.AuthStorage.create(authPath);
  const registry = pi.ModelRegistry.create(authStorage, modelsPath);
  return { options: { authStorage, modelRegistry: registry }, find: (provider, id) => registry.find(provider, id) };
}

function findModel(registry, name) {
  const [provider, ...rest] = name.split("/");
  const model = registry.find(provider, rest.join("/"));
  if (!model) throw Object.assign(new Error(`your pi knows no model ${name}`), { kind: "no-model" });
  return model;
}

/** pi's AgentSession on the copy at the caller's leaf, with `modelName` ("provider/id") or the model pi restores. */
async function openSession(pi, open, hooks, modelName) {
  const { createAgentSession, SessionManager, SettingsManager, DefaultResourceLoader } = pi;
  const sessionManager = SessionManager.open(open.file, open.sessionDir);
  moveLeaf(sessionManager, open.leafId);
  const cwd = sessionManager.getCwd();
  const settingsManager = SettingsManager.create(cwd, open.agentDir);
  const bridgeExtension = (api) => {
    api.on("session_before_compact", (event) => hooks.compact?.(event));
    api.on("session_before_tree", (event) => hooks.tree?.(event));
  };
  const resourceLoader = new DefaultResourceLoader({ cwd, agentDir: open.agentDir, settingsManager, extensionFactories: [bridgeExtension] });
  await resourceLoader.reload();
  const registry = await modelRegistry(pi, open.agentDir);
  const model = modelName ? findModel(registry, modelName) : undefined;
  const created = await createAgentSession({ cwd, agentDir: open.agentDir, sessionManager, settingsManager, resourceLoader, model, ...registry.options });
  moveLeaf(sessionManager, open.leafId);
  // After the loads above: a reload reads the settings files again and would drop the overrides.
  if (open.settings) settingsManager.applyOverrides(open.settings);
  return { session: created.session, sessionManager, settingsManager, registry, fallback: created.modelFallbackMessage ?? null };
}

/** The models pi can use now (it has credentials for them). */
async function availableModels(session) {
  try {
    const models = session.modelRuntime ? await session.modelRuntime.getAvailable() : session.modelRegistry.getAvailable();
    return models.map((model) => ({ provider: model.provider, id: model.id, name: model.name ?? model.id }));
  } catch {
    return [];
  }
}

/** Report pi's preparation, wait for the caller; undefined lets pi go on, {cancel} stops it. */
async function askToGo(kind, preparation) {
  send({ type: "preparation", kind, preparation });
  const reply = await next();
  if (reply?.op !== "go" || aborted) return { cancel: true };
  send({ type: "working" });
  return undefined;
}

async function main() {
  const open = await next();
  if (open?.op !== "open") return;
  const hooks = {};
  let pi;
  let opened;
  try {
    pi = await import(pathToFileURL(open.entry).href);
    opened = await openSession(pi, open, hooks, open.model);
  } catch (error) {
    send({ type: "error", kind: error?.kind ?? "open", message: errorText(error) });
    return;
  }
  let model;
  const sendReady = async () => {
    const { session, registry } = opened;
    // Without any model it can use, pi still holds a placeholder; only a model its registry knows counts.
    model = session.model && registry.find(session.model.provider, session.model.id) ? session.model : undefined;
    send({
      type: "ready",
      version: pi.VERSION ?? null,
      model: modelOf(model),
      thinkingLevel: session.thinkingLevel ?? "off",
      fallback: opened.fallback,
      models: await availableModels(session),
    });
  };
  await sendReady();
  let request = await next();
  while (request?.op === "model") {
    try {
      opened.session.dispose();
      // A fresh session on the copy, created with that model (see modelRegistry).
      opened = await openSession(pi, open, hooks, request.model);
    } catch (error) {
      send({ type: "error", kind: error?.kind ?? "no-credentials", message: errorText(error) });
      return;
    }
    await sendReady();
    request = await next();
  }
  if (!model && (request?.op === "compact" || request?.op === "branch")) {
    send({ type: "error", kind: "no-model", message: `your pi has no model it can use: ${opened.fallback ?? "none configured"}` });
    return;
  }
  const { session, sessionManager, settingsManager } = opened;
  let stopped = false;
  const stopIfCancelled = (answer) => {
    if (answer?.cancel) stopped = true;
    return answer;
  };
  try {
    if (request?.op === "compact") {
      hooks.compact = async (event) => stopIfCancelled(await askToGo("compact", describeCompaction(event.preparation)));
      abortCurrent = () => session.abortCompaction();
      await session.compact(request.instructions || undefined);
    } else if (request?.op === "branch") {
      hooks.tree = async (event) => {
        const p = event.preparation;
        const budget = (session.model.contextWindow || 128000) - settingsManager.getBranchSummarySettings().reserveTokens;
        const prepared = pi.prepareBranchEntries(p.entriesToSummarize, budget);
        const described = {
          targetId: p.targetId,
          oldLeafId: p.oldLeafId,
          commonAncestorId: p.commonAncestorId,
          entryIds: p.entriesToSummarize.map((entry) => entry.id),
          budget,
          totalTokens: prepared.totalTokens,
          messages: prepared.messages.map(fingerprint),
        };
        return stopIfCancelled(await askToGo("branch", described));
      };
      abortCurrent = () => session.abortBranchSummary();
      const moved = await session.navigateTree(request.targetId, { summarize: true, customInstructions: request.instructions || undefined });
      if (moved?.cancelled) {
        send(stopped || aborted ? { type: "stopped" } : { type: "error", kind: "cancelled", message: "pi cancelled the navigation" });
        return;
      }
    } else {
      return;
    }
  } catch (error) {
    if (stopped || aborted) send({ type: "stopped" });
    else send({ type: "error", kind: "summary", message: errorText(error) });
    return;
  }
  if (aborted) {
    send({ type: "stopped" });
    return;
  }
  const entry = sessionManager.getLeafEntry();
  const expected = request.op === "compact" ? "compaction" : "branch_summary";
  if (entry?.type !== expected) {
    send({ type: "error", kind: "summary", message: `pi wrote no ${expected} entry` });
    return;
  }
  send({ type: "result", entry });
}

main()
  .catch((error) => send({ type: "error", kind: "bridge", message: errorText(error) }))
  .finally(() => {
    input.close();
    // pi may keep timers (retries, refreshes) alive; the answer is out, so end here.
    setTimeout(() => process.exit(0), 50).unref();
    process.stdout.write("", () => process.exit(0));
  });
