// Proof: the usage totals equal pi 1.6.0's own statistics (RPC get_session_stats) for every corpus
// session and every oracle fixture, tokens and cost to the last bit (same additions in the same order).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionUsage } from "../../src/engine/index.js";
import { hasPi16Rpc, PI16_RPC_MISSING, piSessionStats } from "../support/pi-stats.js";
import { loadTree } from "../support/oracle-load.js";
import { hasShared, sharedPath } from "../support/shared.js";

function sessionFiles(): string[] {
  if (!hasShared) return [];
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      if (d.isDirectory() && d.name !== "synth") walk(p);
      else if (d.isFile() && d.name.endsWith(".jsonl")) out.push(p);
    }
  };
  walk(sharedPath("corpus"));
  walk(sharedPath("oracle", "fixtures"));
  return out.sort();
}

const files = sessionFiles();
const ready = hasShared && hasPi16Rpc;
if (!ready) console.warn(`[skip] usage vs pi's get_session_stats: ${hasShared ? PI16_RPC_MISSING : "../shared is absent"}`);

describe.skipIf(!ready)("usage totals equal pi 1.6.0's get_session_stats", () => {
  it("covers every corpus file and fixture", () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });
  for (const file of files) {
    it(file.slice(file.indexOf("shared/") + 7), { timeout: 90_000 }, () => {
      const pi = piSessionStats(file);
      const ours = sessionUsage(loadTree(file, "1.6")).session;
      if (!pi.ok) {
        // pi's statistics throw on an assistant reply without a usage object; ours count the rest and say so.
        expect(pi.error).toMatch(/reading 'input'/);
        expect(ours.assistantsWithoutUsage).toBeGreaterThan(0);
        return;
      }
      const s = pi.stats;
      expect({
        input: ours.all.input,
        output: ours.all.output,
        cacheRead: ours.all.cacheRead,
        cacheWrite: ours.all.cacheWrite,
        total: ours.all.total,
      }).toEqual(s.tokens);
      expect(ours.all.cost).toBe(s.cost);
      expect(ours.assistantsWithoutUsage).toBe(0);
      expect({
        userMessages: ours.userMessages,
        assistantMessages: ours.assistantMessages,
        toolCalls: ours.toolCalls,
        toolResults: ours.toolResults,
        totalMessages: ours.totalMessages,
      }).toEqual({
        userMessages: s.userMessages,
        assistantMessages: s.assistantMessages,
        toolCalls: s.toolCalls,
        toolResults: s.toolResults,
        totalMessages: s.totalMessages,
      });
    });
  }
});
