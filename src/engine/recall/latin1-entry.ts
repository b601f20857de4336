// A session line that holds multi-byte UTF-8 can be read for the index without decoding it: read as
// latin1 (each byte one char), it parses as JSON exactly as the decoded line does, as long as every
// \u escape in it stands for an ASCII char (json-escapes.ts checks that), and each string it holds
// is then the UTF-8 bytes of the real one, one char a byte. That costs a copy, where decoding costs
// several times as much (and makes a two-byte string, twice the size: a line past 64K chars then
// lands in V8's large-object space, which costs more than the decoding). The parsed entry is
// then made into the entry docContent reads (document.ts): the strings it reads decoded, and the
// long texts only as far as the index's caps can reach.
import { ENTRY_TEXT_CAP, PATH_KEYS, TOOL_ARGS_CAP, TOOL_RESULT_CAP } from "./document.js";

type Json = Record<string, unknown>;

/** Reads past a cap: a text cut one unit past it is still over it, and its first `cap` units are the whole text's. */
const PAST = (cap: number): number => cap + 1;
const ENTRY = PAST(ENTRY_TEXT_CAP);
const NO_LIMIT = Infinity;

/** Chars a latin1-read string holds past ASCII (then it holds multi-byte UTF-8). */
const NON_ASCII = /[^\x00-\x7f]/;

/** The real string of latin1-read UTF-8 `s`, its first `limit` UTF-16 units at most. */
export function realString(s: string, limit = NO_LIMIT): string {
  // A UTF-16 unit takes at least one byte and a char of four bytes two units, so the first 4 *
  // limit bytes hold the first `limit` units (a sequence cut at the end decodes past them).
  const head = s.length > 4 * limit ? s.slice(0, 4 * limit) : s;
  if (!NON_ASCII.test(head)) return head.length > limit ? head.slice(0, limit) : head;
  const real = Buffer.from(head, "latin1").toString("utf8");
  return real.length > limit ? real.slice(0, limit) : real;
}

/** A JSON value read as latin1 made real, whole (keys and all). */
function realValue(v: unknown): unknown {
  if (typeof v === "string") return realString(v);
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(realValue);
  const out: Json = {};
  for (const key of Object.keys(v)) setOwn(out, realString(key), realValue((v as Json)[key]));
  return out;
}

/** out[key] = value as JSON.parse sets it: "__proto__" too is an own property, not the prototype. */
function setOwn(out: Json, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

/** The keys read whole (short strings: names, ids, roles), of a block, a message and an entry. */
const BLOCK_KEYS = ["type", "mimeType", "name", "id"];
const MESSAGE_KEYS = ["role", "toolName", "toolCallId", "isError", "exitCode", "stopReason"];
const ENTRY_KEYS = ["type", "id"];
/** A message's texts capped with the whole entry's text. */
const MESSAGE_TEXTS = ["command", "output", "errorMessage"];

const realText = (v: unknown, limit: number): unknown => (typeof v === "string" ? realString(v, limit) : realValue(v));

/** A tool call's arguments as renderToolCall reads them: paths whole, other strings past its cap. */
function realArguments(args: unknown): unknown {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return realText(args, PAST(TOOL_ARGS_CAP));
  const out: Json = {};
  for (const key of Object.keys(args)) {
    const name = realString(key);
    const value = (args as Json)[key];
    setOwn(out, name, typeof value === "string" ? realString(value, PATH_KEYS.includes(name) ? NO_LIMIT : PAST(TOOL_ARGS_CAP)) : realValue(value));
  }
  return out;
}

/** A content block as docContent and addCallPaths read it, its texts past `limit`. */
function realBlock(b: unknown, limit: number): unknown {
  if (b === null || typeof b !== "object" || Array.isArray(b)) return realValue(b);
  const block = b as Json;
  const out: Json = {};
  for (const key of BLOCK_KEYS) if (key in block) out[key] = realValue(block[key]);
  if ("text" in block) out.text = realText(block.text, limit);
  if ("thinking" in block) out.thinking = realText(block.thinking, ENTRY);
  if ("arguments" in block) out.arguments = realArguments(block.arguments);
  return out;
}

function realMessage(m: unknown): unknown {
  if (m === null || typeof m !== "object" || Array.isArray(m)) return realValue(m);
  const msg = m as Json;
  const out: Json = {};
  for (const key of MESSAGE_KEYS) if (key in msg) out[key] = realValue(msg[key]);
  // A tool result's text is capped unless it is an error (document.ts).
  const limit = msg.role === "toolResult" && msg.isError !== true ? PAST(TOOL_RESULT_CAP) : ENTRY;
  if ("content" in msg) {
    const content = msg.content;
    out.content = Array.isArray(content) ? content.map((b) => realBlock(b, limit)) : realText(content, limit);
  }
  for (const key of MESSAGE_TEXTS) if (key in msg) out[key] = realText(msg[key], ENTRY);
  return out;
}

/**
 * The entry docContent and addCallPaths read, from `entry` parsed from a line read as latin1 (see
 * above): what they read decoded, the texts they cap cut one unit past the cap.
 */
export function realEntryForDocs(entry: Json): Json {
  const out: Json = {};
  for (const key of ENTRY_KEYS) if (key in entry) out[key] = realValue(entry[key]);
  if ("summary" in entry) out.summary = realText(entry.summary, ENTRY);
  if ("message" in entry) out.message = realMessage(entry.message);
  return out;
}
