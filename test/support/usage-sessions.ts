// Small sessions built in the tests for usage, timeline and export: a branchy session with a
// compaction, a branch summary, a label and a cache-warming usage entry, with known context sizes at
// every turn; and a session of hostile text for the export's escaping.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Line = Record<string, unknown>;

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();

export const usageOf = (input: number, output: number, cacheRead = 0, cacheWrite = 0, cost?: number): Line => ({
  input,
  output,
  cacheRead,
  cacheWrite,
  totalTokens: input + output + cacheRead + cacheWrite,
  ...(cost === undefined ? {} : { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost } }),
});

class Builder {
  lines: Line[] = [];
  private minute = 0;
  private n = 0;
  constructor(id: string) {
    this.lines.push({ type: "session", version: 3, id, timestamp: at(0), cwd: "/work/demo" });
  }
  private next(parentId: string | null, fields: Line): string {
    const id = `e${String(++this.n).padStart(7, "0")}`;
    this.minute++;
    this.lines.push({ id, parentId, timestamp: at(this.minute), ...fields });
    return id;
  }
  user(parentId: string | null, text: string): string {
    return this.next(parentId, { type: "message", message: { role: "user", content: [{ type: "text", text }], timestamp: Date.parse(at(this.minute + 1)) } });
  }
  /** An assistant reply whose usage says the context is `context` tokens (input side) plus `output`. */
  assistant(parentId: string, text: string, context: number, output: number, cost: number, extra: Line = {}): string {
    return this.next(parentId, {
      type: "message",
      message: {
        role: "assistant",
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        api: "anthropic-messages",
        content: [{ type: "text", text }],
        usage: usageOf(Math.round(context * 0.1), output, Math.round(context * 0.9), 0, cost),
        stopReason: "stop",
        timestamp: Date.parse(at(this.minute + 1)),
        ...extra,
      },
    });
  }
  raw(parentId: string | null, fields: Line): string {
    return this.next(parentId, fields);
  }
}

export interface BuiltSession {
  lines: Line[];
  text: string;
  ids: Record<string, string>;
}

/** Ten turns growing 2k..20k, a compaction at turn 8 (context falls to ~4k), a side branch with a summary. */
export function branchySession(): BuiltSession {
  const b = new Builder("usage-demo");
  const ids: Record<string, string> = {};
  b.raw(null, { type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" });
  let parent: string = b.lines[1].id as string;
  for (let turn = 1; turn <= 7; turn++) {
    const u = b.user(parent, `Turn ${turn}: please change step ${turn} of the parser`);
    ids[`user${turn}`] = u;
    if (turn === 2) {
      const call = b.raw(u, {
        type: "message",
        message: {
          role: "assistant",
          provider: "anthropic",
          model: "claude-sonnet-4-5",
          content: [
            { type: "thinking", thinking: "Look at the file first." },
            { type: "toolCall", id: "call-1", name: "read", arguments: { path: "src/parser.ts" } },
          ],
          usage: usageOf(300, 20, 2700, 0, 0.004),
          stopReason: "toolUse",
          timestamp: 1,
        },
      });
      const result = b.raw(call, {
        type: "message",
        message: { role: "toolResult", toolCallId: "call-1", toolName: "read", content: [{ type: "text", text: "export function parse() {\n  return 1;\n}\n".repeat(40) }], isError: false, timestamp: 2 },
      });
      parent = b.assistant(result, `Done with step ${turn}.`, turn * 2000, 100, 0.01);
    } else parent = b.assistant(u, `Done with step ${turn}.`, turn * 2000, 100, 0.01);
    ids[`assistant${turn}`] = parent;
  }
  ids.compaction = b.raw(parent, {
    type: "compaction",
    summary: "## Goal\nChange the parser step by step.",
    firstKeptEntryId: ids.user6,
    tokensBefore: 14100,
    details: { readFiles: ["src/parser.ts"], modifiedFiles: [] },
    usage: usageOf(14000, 400, 0, 0, 0.05),
    fromHook: false,
  });
  parent = ids.compaction;
  for (let turn = 8; turn <= 10; turn++) {
    const u = b.user(parent, `Turn ${turn}: keep going`);
    ids[`user${turn}`] = u;
    parent = b.assistant(u, `Step ${turn} done.`, 2000 + (turn - 7) * 1000, 100, 0.01);
    ids[`assistant${turn}`] = parent;
  }
  ids.warm = b.raw(parent, { type: "usage", kind: "cache_warm", provider: "anthropic", model: "claude-sonnet-4-5", usage: usageOf(0, 1, 5000, 0, 0.0015) });
  // A side branch off turn 3, summarized when the user came back to it.
  ids.branchSummary = b.raw(ids.assistant3, {
    type: "branch_summary",
    fromId: ids.warm,
    summary: "The user tried the main line and came back.",
    details: { readFiles: [], modifiedFiles: [] },
    usage: usageOf(3000, 200, 0, 0, 0.02),
    fromHook: false,
  });
  const su = b.user(ids.branchSummary, "Try another way for step 4");
  ids.sideUser = su;
  ids.sideAssistant = b.assistant(su, "Another way, then.", 7000, 150, 0.02);
  b.raw(ids.sideAssistant, { type: "label", targetId: ids.sideAssistant, label: "other-way" });
  ids.leaf = b.lines[b.lines.length - 1].id as string;
  return { lines: b.lines, text: `${b.lines.map((l) => JSON.stringify(l)).join("\n")}\n`, ids };
}

/**
 * Text that must stay inert in every export: markup, handlers, links, escapes, bidi overrides. Every
 * script marks the page (an attribute on <body>) and every reference points at `origin`, so a browser
 * test sees both a script that ran and a request that was made.
 */
export function hostileText(origin: string) {
  const mark = (n: number) => `document.body.setAttribute('data-pwned','${n}')`;
  return {
    script: `<script>${mark(1)}; fetch('${origin}/script')</script>`,
    handler: `<img src="${origin}/img.png" onerror="${mark(2)}"><svg onload="${mark(5)}"></svg>`,
    link: `[click me](javascript:${mark(3)}) <a href="javascript:${mark(4)}">x</a> <a href="${origin}/a">y</a>`,
    escape: "\u001b[2J\u001b]52;c;cHduZWQ=\u0007 clear \u009b31m",
    bidi: "abc\u202edcba\u2066x\u2069",
    style: `<style>body{background:url(${origin}/bg.png)}</style><link rel=stylesheet href=${origin}/s.css><meta http-equiv="refresh" content="0;url=${origin}/refresh">`,
    close: `</details></pre></summary></div></section><iframe src="${origin}/frame"></iframe><script>${mark(6)}</script>`,
  };
}

export function hostileSession(origin = "http://127.0.0.1:9"): BuiltSession {
  const HOSTILE = hostileText(origin);
  const b = new Builder(`hostile${HOSTILE.script}`);
  const u = b.user(null, `${HOSTILE.script}\n${HOSTILE.handler}\n${HOSTILE.link}`);
  const call = b.raw(u, {
    type: "message",
    message: {
      role: "assistant",
      provider: `evil${HOSTILE.handler}`,
      model: 'm" onmouseover="x',
      content: [
        { type: "thinking", thinking: HOSTILE.escape },
        { type: "text", text: `${HOSTILE.bidi} ${HOSTILE.escape}` },
        { type: "toolCall", id: `c1${HOSTILE.close}`, name: `bash${HOSTILE.script}`, arguments: { command: HOSTILE.close, css: HOSTILE.style } },
      ],
      usage: usageOf(10, 5, 0, 0, 0.001),
      stopReason: "toolUse",
      timestamp: 1,
    },
  });
  const result = b.raw(call, { type: "message", message: { role: "toolResult", toolCallId: "c1", toolName: `bash${HOSTILE.close}`, content: [{ type: "text", text: HOSTILE.style }], isError: true, timestamp: 2 } });
  const a = b.assistant(result, HOSTILE.close, 100, 5, 0.001);
  const label = b.raw(a, { type: "label", targetId: a, label: HOSTILE.handler });
  const summary = b.raw(label, { type: "compaction", summary: HOSTILE.close, firstKeptEntryId: a, tokensBefore: 5, usage: usageOf(1, 1, 0, 0, 0) });
  b.raw(summary, { type: "session_info", name: HOSTILE.script });
  return { lines: b.lines, text: `${b.lines.map((l) => JSON.stringify(l)).join("\n")}\n`, ids: { leaf: a } };
}

/** Writes a built session to a fresh temp folder; returns the file path. */
export function writeSession(session: BuiltSession, name = "session.jsonl"): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-usage-"));
  const file = join(dir, name);
  writeFileSync(file, session.text);
  return file;
}
