// The request the bridge makes equals the request pi's own compaction makes (pi --mode rpc, `compact`)
// and pi's own /tree summary, captured by the same fake provider, field by field except volatile ids;
// and the committed entry read back by pi's own code: the leaf is the new entry, the context is the
// preview's "after", the summary the fake model's text.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeCompaction, buildTree, getBranch, planBranch, readSessionFile, type PiProfile } from "../../src/engine/index.js";
import { describeBranch, describeCompaction } from "../../src/pi-bridge/preparation.js";
import { runPiSummary } from "../../src/pi-bridge/run-pi-summary.js";
import type { RecordedRequest } from "../support/fake-provider.js";
import { corpusCopy, useFakePi } from "../support/fake-pi.js";
import { hasPi073, hasPi16, NODE22, type PiRelease } from "../support/pi-install.js";
import { piNavigateWithSummary, piRpcCompact } from "../support/pi-rpc.js";
import { hasShared } from "../support/shared.js";


const VOLATILE_HEADERS = new Set(["host", "content-length", "connection", "x-stainless-retry-count", "x-stainless-timeout"]);

/** A request without what legitimately differs between two runs (session ids, lengths). */
function stable(request: RecordedRequest): Record<string, unknown> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !VOLATILE_HEADERS.has(name) && !/session|request-id/i.test(name)));
  const body = structuredClone(request.body) as Record<string, unknown>;
  delete body.prompt_cache_key;
  if (body.metadata && typeof body.metadata === "object") delete (body.metadata as Record<string, unknown>).user_id;
  return { method: request.method, path: request.path, headers, body };
}

interface Case {
  name: string;
  source: string;
  lines?: number;
  keepRecentTokens: number;
}

const COMPACTIONS: Record<PiRelease, Case[]> = {
  "1.6": [
    { name: "a whole turn cut (v16-branchy)", source: "v16-branchy-s108.jsonl", keepRecentTokens: 4000 },
    { name: "a split turn and an update of the earlier summary (v16-compacting, first 115 lines)", source: "v16-compacting-s204.jsonl", lines: 115, keepRecentTokens: 4000 },
    { name: "a split turn in a 0.73-written session (v073-bare)", source: "v073-bare-s617.jsonl", keepRecentTokens: 4000 },
  ],
  "0.73": [
    { name: "a split turn (v073-bare)", source: "v073-bare-s617.jsonl", keepRecentTokens: 4000 },
    { name: "an update of the earlier summary (v16-compacting, first 115 lines)", source: "v16-compacting-s204.jsonl", lines: 115, keepRecentTokens: 4000 },
  ],
};

const RELEASES: { release: PiRelease; available: boolean }[] = [
  { release: "1.6", available: hasPi16 },
  { release: "0.73", available: hasPi073 },
];

for (const { release, available } of RELEASES) {
  describe.skipIf(!available || !hasShared)(`pi ${release}: the bridge asks the model what pi itself asks`, () => {
    const env = useFakePi(release);
    const node = () => (release === "1.6" ? NODE22 : process.execPath);

    /** The requests `run` makes, captured by the fake provider. */
    async function capture(run: () => Promise<unknown>): Promise<RecordedRequest[]> {
      const from = env.fake().requests.length;
      await run();
      return env.fake().requests.slice(from);
    }

    for (const c of COMPACTIONS[release]) {
      it(`compaction: ${c.name}`, async () => {
        const install = env.install();
        const pi = env.pi();
        install.writeSettings({ retry: { enabled: false }, compaction: { keepRecentTokens: c.keepRecentTokens } });
        env.fake().reply({ kind: "text", text: "## Goal\nThe fake model's summary." });
        const profile: PiProfile = pi.profile;
        const ours = corpusCopy(c.source, { cwd: install.root, lines: c.lines });
        const theirs = corpusCopy(c.source, { cwd: install.root, lines: c.lines });
        const tree = buildTree(readSessionFile(ours, profile).loaded);
        const path = getBranch(tree, tree.leafId);
        const preparation = analyzeCompaction(path, { enabled: true, keepRecentTokens: c.keepRecentTokens, reserveTokens: 16384 }, profile).preparation;
        expect(preparation, "the case must have something to compact").toBeDefined();
        let outcome: Awaited<ReturnType<typeof runPiSummary>> | undefined;
        const bridgeRequests = await capture(async () => {
          outcome = await runPiSummary({ pi, file: ours, operation: { kind: "compact" }, leafId: tree.leafId, agentDir: install.agentDir, env: install.env, preview: () => describeCompaction(preparation!) });
        });
        expect(outcome?.ok, outcome && !outcome.ok ? outcome.message : "").toBe(true);
        const rpcRequests = await capture(() => piRpcCompact(install, node(), pi.binPath, theirs));
        expect(bridgeRequests.length).toBe(preparation!.isSplitTurn ? 2 : 1);
        expect(bridgeRequests.map(stable)).toEqual(rpcRequests.map(stable));
        // pi's RPC compaction wrote its own entry: ours has the same fields but id and timestamp.
        const piEntry = JSON.parse(readFileSync(theirs, "utf8").trimEnd().split("\n").at(-1) as string) as Record<string, unknown>;
        const ourEntry = outcome?.ok ? (outcome.entry as unknown as Record<string, unknown>) : {};
        const withoutVolatile = (e: Record<string, unknown>) => {
          const { id: _id, timestamp: _t, systemMessage, ...rest } = e;
          return { ...rest, systemMessage: systemMessage ? { ...(systemMessage as object), timestamp: 0 } : undefined };
        };
        if (piEntry.parentId === tree.leafId) expect(withoutVolatile(ourEntry)).toEqual(withoutVolatile(piEntry));
        else expect({ ...withoutVolatile(ourEntry), parentId: null }).toEqual({ ...withoutVolatile(piEntry), parentId: null });
      });
    }

    it("branch summary: the bridge's request equals pi's own /tree summary (v16-branchy, to 616b0db9)", async () => {
        const install = env.install();
        const pi = env.pi();
      install.writeSettings({ retry: { enabled: false } });
      env.fake().reply({ kind: "text", text: "The fake model's branch summary." });
      const profile: PiProfile = pi.profile;
      const ours = corpusCopy("v16-branchy-s108.jsonl", { cwd: install.root });
      const theirs = corpusCopy("v16-branchy-s108.jsonl", { cwd: install.root });
      const tree = buildTree(readSessionFile(ours, profile).loaded);
      let outcome: Awaited<ReturnType<typeof runPiSummary>> | undefined;
      const bridgeRequests = await capture(async () => {
        outcome = await runPiSummary({
          pi,
          file: ours,
          operation: { kind: "branch", targetId: "616b0db9" },
          leafId: tree.leafId,
          agentDir: install.agentDir,
          env: install.env,
          preview: (ready) => {
            const budget = (ready.model?.contextWindow ?? 128000) - 16384;
            const plan = planBranch({ byId: tree.byId, oldLeafId: tree.leafId, targetId: "616b0db9", budget, profile });
            if (plan.kind !== "plan") return { refuse: "no plan" };
            return describeBranch(plan, budget);
          },
        });
      });
      expect(outcome?.ok, outcome && !outcome.ok ? outcome.message : "").toBe(true);
      const piRequests = await capture(() => piNavigateWithSummary(install, node(), pi.entry, theirs, "616b0db9"));
      expect(bridgeRequests).toHaveLength(1);
      expect(bridgeRequests.map(stable)).toEqual(piRequests.map(stable));
    });
  });
}
