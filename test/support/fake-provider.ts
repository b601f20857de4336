// A loopback stand-in for an LLM provider, for tests of the bridge to the user's pi: OpenAI-compatible
// chat completions (`POST /v1/chat/completions`, streamed as server-sent events the way pi-ai reads
// them) and Anthropic messages (`POST /v1/messages`, also streamed). Bound to 127.0.0.1 on an
// ephemeral port, it records every request and closes itself after `lifetimeMs` even if a test forgets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the next requests get back. */
export type FakeReply =
  | { kind: "text"; text: string; inputTokens?: number; outputTokens?: number }
  /** The output cut off by the length limit. */
  | { kind: "length"; text: string }
  /** A reply that asks for a tool instead of answering. */
  | { kind: "tool-call" }
  | { kind: "status"; status: number; message?: string }
  /** Never answers (a timeout, or a request the user cancels). */
  | { kind: "hang" };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeProvider {
  port: number;
  /** `http://127.0.0.1:PORT/v1` (OpenAI-style providers). */
  openaiBaseUrl: string;
  /** `http://127.0.0.1:PORT` (Anthropic appends `/v1/messages` itself). */
  anthropicBaseUrl: string;
  requests: RecordedRequest[];
  /** Replies used in order; the last one repeats. */
  reply(...replies: FakeReply[]): void;
  /** Resolves when a request arrived (for tests that cancel mid-call). */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const sse = (res: ServerResponse, event: string | null, data: unknown) =>
  res.write(`${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);

function openaiStream(res: ServerResponse, reply: FakeReply, model: string): void {
  const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) => ({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  });
  const usage = (input: number, output: number) => ({ prompt_tokens: input, completion_tokens: output, total_tokens: input + output });
  if (reply.kind === "tool-call") {
    sse(res, null, chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_fake", type: "function", function: { name: "read", arguments: '{"path":"x"}' } }] }, null));
    sse(res, null, chunk({}, "tool_calls", usage(100, 10)));
  } else if (reply.kind === "text" || reply.kind === "length") {
    sse(res, null, chunk({ role: "assistant", content: reply.text }, null));
    const tokens = reply.kind === "text" ? usage(reply.inputTokens ?? 1200, reply.outputTokens ?? 80) : usage(1200, 80);
    sse(res, null, chunk({}, reply.kind === "length" ? "length" : "stop", tokens));
  }
  sse(res, null, "[DONE]");
  res.end();
}

function anthropicStream(res: ServerResponse, reply: FakeReply, model: string): void {
  const input = reply.kind === "text" ? (reply.inputTokens ?? 1200) : 1200;
  const output = reply.kind === "text" ? (reply.outputTokens ?? 80) : 80;
  sse(res, "message_start", {
    type: "message_start",
    message: { id: "msg_fake", type: "message", role: "assistant", model, content: [], stop_reason: null, usage: { input_tokens: input, output_tokens: 1, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } },
  });
  let stop = "end_turn";
  if (reply.kind === "tool-call") {
    sse(res, "content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_fake", name: "read", input: {} } });
    sse(res, "content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"path":"x"}' } });
    stop = "tool_use";
  } else if (reply.kind === "text" || reply.kind === "length") {
    sse(res, "content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    sse(res, "content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: reply.text } });
    if (reply.kind === "length") stop = "max_tokens";
  }
  sse(res, "content_block_stop", { type: "content_block_stop", index: 0 });
  sse(res, "message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: output } });
  sse(res, "message_stop", { type: "message_stop" });
  res.end();
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
  });
}

/** Start a fake provider; close it in the test's afterEach/finally (it also closes itself). */
export async function startFakeProvider(options: { lifetimeMs?: number } = {}): Promise<FakeProvider> {
  let replies: FakeReply[] = [{ kind: "text", text: "## Goal\nThe fake model's summary." }];
  const requests: RecordedRequest[] = [];
  const waiters: ((request: RecordedRequest) => void)[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const request: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(request);
      for (const wake of waiters.splice(0)) wake(request);
      const reply = replies.length > 1 ? (replies.shift() as FakeReply) : (replies[0] as FakeReply);
      if (reply.kind === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (reply.kind === "status") {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: reply.message ?? `fake status ${reply.status}`, type: "fake_error" } }));
        return;
      }
      const model = typeof body === "object" && body !== null && typeof (body as { model?: unknown }).model === "string" ? (body as { model: string }).model : "fake";
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      if ((req.url ?? "").includes("/messages")) anthropicStream(res, reply, model);
      else openaiStream(res, reply, model);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  let closed = false;
  const close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  setTimeout(() => void close(), options.lifetimeMs ?? 120_000).unref();
  return {
    port,
    openaiBaseUrl: `http://127.0.0.1:${port}/v1`,
    anthropicBaseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (...next) => {
      replies = next;
    },
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close,
  };
}
