// pi 1.6.0's own session statistics (RPC get_session_stats) for a session file, from the installed
// oracle packages. Runs on a copy in a private agent dir and home, offline; the copy's header cwd is
// pointed at that temp folder, since pi refuses a session whose stored cwd does not exist (the cwd
// plays no part in the statistics).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ORACLE_DIR = process.env.PI_ORACLE_DIR ?? join(tmpdir(), "pi-oracle");
const NODE22 = join(ORACLE_DIR, "node22", "node_modules", ".bin", "node");
const PI16_CLI = join(ORACLE_DIR, "pi16", "node_modules", "@earendil-works", "pi-coding-agent", "dist", "cli.js");

export const hasPi16Rpc = existsSync(NODE22) && existsSync(PI16_CLI);
export const PI16_RPC_MISSING = `pi 1.6.0 and Node 22 are not installed under ${ORACLE_DIR} (run ../shared/oracle/install.sh)`;

export interface PiSessionStats {
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  cost: number;
}

export type PiStatsAnswer = { ok: true; stats: PiSessionStats } | { ok: false; error: string };

export function piSessionStats(file: string): PiStatsAnswer {
  const dir = mkdtempSync(join(tmpdir(), "pi-stats-"));
  try {
    const lines = readFileSync(file, "utf8").split("\n");
    try {
      const header = JSON.parse(lines[0]) as Record<string, unknown>;
      if (header && header.type === "session") lines[0] = JSON.stringify({ ...header, cwd: dir });
    } catch {
      // no header on the first line: pi reads the file as it is
    }
    const copy = join(dir, "session.jsonl");
    writeFileSync(copy, lines.join("\n"));
    mkdirSync(join(dir, "agent"));
    mkdirSync(join(dir, "home"));
    const run = spawnSync(NODE22, [PI16_CLI, "--mode", "rpc", "--session", copy], {
      cwd: dir,
      input: `${JSON.stringify({ type: "get_session_stats", id: "stats" })}\n`,
      env: { PATH: process.env.PATH, HOME: join(dir, "home"), PI_CODING_AGENT_DIR: join(dir, "agent"), PI_OFFLINE: "1", NODE_DISABLE_COMPILE_CACHE: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    for (const line of run.stdout.split("\n")) {
      if (!line.startsWith("{")) continue;
      const reply = JSON.parse(line) as { id?: string; success?: boolean; data?: PiSessionStats; error?: string };
      if (reply.id !== "stats") continue;
      return reply.success ? { ok: true, stats: reply.data as PiSessionStats } : { ok: false, error: reply.error ?? "failed" };
    }
    return { ok: false, error: `no reply (exit ${run.status}): ${run.stderr.slice(0, 300)}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
