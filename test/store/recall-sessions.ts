// Generated sessions folders for the recall index tests: pi's layout (a folder per project), v3
// files with user, assistant and tool messages drawn from a small vocabulary by a seeded random
// generator, so words repeat across sessions and scores tie.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CrossSessionPage, RecallCache } from "../../src/engine/store/recall-cache.js";

const WORDS = ("cache expiry token session store refresh login parser timeout render worker queue stream commit branch " +
  "leaf tree compaction summary error retry config module import export build test lint deploy dashboard auth").split(" ");

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export const line = (o: object): string => `${JSON.stringify(o)}\n`;

export function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
}

export function sessionText(id: string, turns: number, seed: number): string {
  const next = rng(seed);
  let out = line({ type: "session", version: 3, id, timestamp: "2026-03-01T10:00:00.000Z", cwd: "/home/dev/p" });
  let parent: string | null = null;
  for (let t = 0; t < turns; t++) {
    const u = `${id}-u${t}`;
    const a = `${id}-a${t}`;
    const r = `${id}-r${t}`;
    out += line({ type: "message", id: u, parentId: parent, timestamp: "2026-03-01T10:00:01.000Z", message: { role: "user", content: sentence(next, 4 + Math.floor(next() * 12)), timestamp: 1 } });
    out += line({
      type: "message",
      id: a,
      parentId: u,
      timestamp: "2026-03-01T10:00:02.000Z",
      message: { role: "assistant", content: [{ type: "text", text: sentence(next, 6 + Math.floor(next() * 30)) }, { type: "toolCall", id: `c${t}`, name: "read", arguments: { path: `src/${WORDS[t % WORDS.length]}.ts` } }], timestamp: 2 },
    });
    out += line({ type: "message", id: r, parentId: a, timestamp: "2026-03-01T10:00:03.000Z", message: { role: "toolResult", toolCallId: `c${t}`, toolName: "read", content: [{ type: "text", text: sentence(next, 20 + Math.floor(next() * 200)) }], isError: false, timestamp: 3 } });
    parent = r;
  }
  return out;
}

/** A temporary agent dir with `count` generated sessions under sessions/; returns the dir and the files, sorted. */
export function makeSessions(count: number, turns = 20): { root: string; sessions: string; files: string[] } {
  const root = mkdtempSync(join(tmpdir(), "recall-idx-"));
  const sessions = join(root, "sessions");
  for (let i = 0; i < count; i++) {
    const project = join(sessions, `--home-dev-p${i % 3}--`);
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, `2026-03-${String(1 + (i % 28)).padStart(2, "0")}T10-00-00-000Z_s${i}.jsonl`), sessionText(`s${i}`, turns, 1000 + i));
  }
  return { root, sessions, files: jsonlFiles(sessions) };
}

export function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => join(dir, n))
    .sort();
}

/** Appends `n` user turns to a generated session (after its last entry). */
export function appendTurns(file: string, lastId: string, n: number, text: string): string {
  let parent = lastId;
  for (let i = 0; i < n; i++) {
    const id = `${parent}-x${i}`;
    appendFileSync(file, line({ type: "message", id, parentId: parent, timestamp: "2026-03-01T11:00:00.000Z", message: { role: "user", content: `${text} ${i}`, timestamp: 4 } }));
    parent = id;
  }
  return parent;
}

export const QUERIES = ["cache expiry", "token", "session store refresh", "tool:read parser", "role:user login", '"cache expiry"', "expir", "sesion", "/time(out)?s?/", "file:src/cache.ts", "zzzqqq"];

/** A page as comparable text: every hit's session, entry, rank and rounded score. */
export function answer(page: CrossSessionPage): string[] {
  return [`total ${page.total} in ${page.sessions}`, ...page.hits.map((h) => `${h.rank} ${h.sessionId} ${h.entryId} ${h.score.toFixed(9)} ${h.snippet?.text ?? h.summary}`)];
}

export function answers(cache: RecallCache, queries: readonly string[] = QUERIES): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const q of queries) {
    const r = cache.search(q, { pageSize: 50, now: () => 0, budgetMs: 60_000 });
    out[q] = r.ok ? answer(r.value) : [`error ${r.message}`];
  }
  return out;
}

export const sizeOf = (paths: readonly string[]): number => paths.reduce((n, p) => n + statSync(p).size, 0);
