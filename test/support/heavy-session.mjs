#!/usr/bin/env node
// Generates pi sessions whose tool results are 100-200 KB of text full of emoji, variation selectors
// ("🗄️", "⚠️"), ZWJ sequences, flags, keycaps, skin tones, CJK and combining marks: the kind of session
// that froze the explorer when a screen measured whole messages (issue 11). Deterministic per seed, so
// tests and the bench can make one on the fly instead of committing large files.
//
//   import { heavySessionText } from "../support/heavy-session.mjs";   // tests
//   node test/support/heavy-session.mjs OUT.jsonl [--turns N] [--heavy-every K] [--min-kb A] [--max-kb B] [--seed S]
//
// The session: a header, a model change, then `turns` turns (user, assistant with a tool call, the tool
// result, assistant reply); every `heavyEvery`-th tool result is heavy. Turn 3 has a second branch (a
// different user message with one short turn), so the tree has a fork and the branch flow has somewhere
// to go. Tool calls read and edit `./tidewatch/units.py` and `tidewatch/units.py` (the same file).
import { seededRandom } from "./seeded-random.mjs";
import { writeFileSync } from "node:fs";

/** The seeded generator of the tests, seeded from the seed's text: the same seed gives the same session. */
function random(seed) {
  let a = 0;
  for (const ch of String(seed)) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  return seededRandom(a);
}

/** Text pieces a heavy tool result is made of: each is one of the classes that need grapheme clusters. */
export const HEAVY_PIECES = [
  "🗄️ **25 documents found**", // VS16 after a text-default pictograph
  "✅",
  "📄 docs/architecture.md",
  "⚠️ warning: stale cache",
  "👩‍💻 reviewed by the on-call engineer", // ZWJ sequence
  "👨‍👩‍👧‍👦 family plan", // long ZWJ sequence
  "🇯🇵 🇩🇪 🇧🇷", // flags (regional indicator pairs)
  "1️⃣ 2️⃣ #️⃣", // keycaps
  "👍🏽 👋🏿", // skin tones
  "🏴󠁧󠁢󠁳󠁣󠁴󠁿", // tag sequence (Scotland)
  "東京都の天気は晴れです。気温は二十三度。", // CJK (wide)
  "한국어 텍스트와 漢字かなカナ混じり", // Hangul and kana
  "e\u0301le\u0300ve cafe\u0301 n\u0303", // combining marks
  "\u1112\u1161\u11ab\u1100\u1173\u11af", // decomposed Hangul jamo (macOS file names)
  "plain ASCII between the symbols, as real tool output has",
];

function heavyText(rand, bytes) {
  const parts = [];
  let size = 0;
  let line = 0;
  while (size < bytes) {
    line++;
    const count = 2 + Math.floor(rand() * 6);
    const words = [];
    for (let i = 0; i < count; i++) words.push(HEAVY_PIECES[Math.floor(rand() * HEAVY_PIECES.length)]);
    // Every 40th line is one long line (about 6 KB with no newline): rows and panes must cut it.
    const text = line % 40 === 0 ? words.join(" ").repeat(60) : `${line}. ${words.join(" ")}`;
    parts.push(text);
    size += Buffer.byteLength(text) + 1;
  }
  return parts.join("\n");
}

/**
 * The session as JSONL text. Options: seed, turns (24), heavyEvery (3: every third tool result is
 * heavy), minKB/maxKB (100/200: the size of a heavy result), cwd.
 */
export function heavySessionText(options = {}) {
  const { seed = "heavy", turns = 24, heavyEvery = 3, minKB = 100, maxKB = 200, cwd = "/home/dev/tidewatch" } = options;
  const rand = random(seed);
  let counter = 0;
  const id = () => (++counter).toString(16).padStart(8, "0");
  let clock = Date.UTC(2026, 10, 3, 9, 0, 0);
  const time = () => new Date((clock += 7000)).toISOString();
  const lines = [];
  const push = (entry) => (lines.push(JSON.stringify(entry)), entry.id);
  lines.push(JSON.stringify({ type: "session", version: 3, id: "0199heavy-0000-7000-8000-000000000001", timestamp: time(), cwd }));
  let parent = push({ type: "model_change", id: id(), parentId: null, timestamp: time(), provider: "anthropic", modelId: "claude-sonnet-4-5" });
  const usage = { input: 1200, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1500, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const files = ["./tidewatch/units.py", "tidewatch/units.py", "tidewatch/fetch.py"];
  const turn = (n, from, heavy) => {
    const ts = () => Date.parse(time());
    let p = push({ type: "message", id: id(), parentId: from, timestamp: time(), message: { role: "user", content: [{ type: "text", text: `Turn ${n}: 📄 list the documents 🗄️ and check ${files[n % 3]} ✅` }], timestamp: ts() } });
    const callId = `toolu_${seed}_${n}`;
    const tool = n % 4 === 0 ? "search_docs" : n % 2 === 0 ? "read" : "edit";
    const args = tool === "read" ? { path: files[n % 3] } : tool === "edit" ? { path: files[(n + 1) % 3], oldText: "a = 1", newText: "a = 2 # ✅" } : { query: `documents 🗄️ ${n}` };
    p = push({
      type: "message",
      id: id(),
      parentId: p,
      timestamp: time(),
      message: { role: "assistant", content: [{ type: "text", text: `Looking ✅ 🗄️ (turn ${n})` }, { type: "toolCall", id: callId, name: tool, arguments: args }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason: "toolUse", timestamp: ts() },
    });
    const kb = minKB + rand() * (maxKB - minKB);
    const output = heavy ? heavyText(rand, Math.round(kb * 1024)) : `🗄️ **${n} documents found** ✅`;
    p = push({ type: "message", id: id(), parentId: p, timestamp: time(), message: { role: "toolResult", toolCallId: callId, toolName: tool, content: [{ type: "text", text: output }], isError: false, timestamp: ts() } });
    return push({
      type: "message",
      id: id(),
      parentId: p,
      timestamp: time(),
      message: { role: "assistant", content: [{ type: "text", text: `Done with turn ${n} 👍🏽: ${HEAVY_PIECES[n % HEAVY_PIECES.length]}` }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason: "stop", timestamp: ts() },
    });
  };
  let forkPoint = parent;
  for (let n = 1; n <= turns; n++) {
    if (n === 3) forkPoint = parent;
    parent = turn(n, parent, n % heavyEvery === 0);
  }
  // The other branch: from before turn 3, one short turn (pi's leaf stays on the main line, written last).
  const side = turn(900, forkPoint, false);
  void side;
  // The main line's leaf is written last so pi's leaf (the last entry) is on it.
  lines.push(JSON.stringify({ type: "message", id: id(), parentId: parent, timestamp: time(), message: { role: "user", content: [{ type: "text", text: "Thanks 🙏 東京" }], timestamp: Date.parse(time()) } }));
  return lines.join("\n") + "\n";
}

/** Writes a heavy session to `path`; returns its size in bytes. */
export function writeHeavySession(path, options) {
  const text = heavySessionText(options);
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, ...rest] = process.argv.slice(2);
  if (!out) {
    console.error("usage: node test/support/heavy-session.mjs OUT.jsonl [--turns N] [--heavy-every K] [--min-kb A] [--max-kb B] [--seed S]");
    process.exit(2);
  }
  const opt = (name, fallback) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : fallback;
  };
  const bytes = writeHeavySession(out, {
    seed: opt("seed", "heavy"),
    turns: Number(opt("turns", 24)),
    heavyEvery: Number(opt("heavy-every", 3)),
    minKB: Number(opt("min-kb", 100)),
    maxKB: Number(opt("max-kb", 200)),
  });
  console.log(`${out}: ${bytes} bytes`);
}
