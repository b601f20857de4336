// The request the bridge makes equals the request pi's own compaction makes (pi --mode rpc, `compact`)
// and pi's own /tree summary, captured by the same fake provider, field by field except volatile ids;
// and the committed entry read back by pi's own code: the leaf is the new entry, the context is the
// preview's "after", the summary the fake model's text.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeCompaction, buildTree, getBranch, planBranch, readSessionFile, type PiProfile } from "../../src/engine/index.js";
import { findPi, type FoundPi } from "../../src/pi-bridge/find-pi.js";
import { describeBranch, describeCompaction } from "../../src/pi-bridge/preparation.js";
import { runPiSummary } from "../../src/pi-bridge/run-pi-summary.js";
import { startFakeProvider, type FakeProvider, type RecordedRequest } from "../support/fake-provider.js";
import { fakeModelsJson, hasPi073, hasPi16, makePiInstall, NODE22, type PiRelease, type PiTestInstall } from "../support/pi-install.js";
import { piNavigateWithSummary, piRpcCompact } from "../support/pi-rpc.js";
import { hasShared, sharedPath } from "../support/shared.js";

const CORPUS = (name: string) => sharedPath("corpus", "pi-written", name);

/**
 * A copy of the first `lines` lines of `source` (all when undefined; the last one is then pi's leaf),
 * its header's cwd moved to `cwd`: pi refuses to open a session whose project folder does not exist.
 */
function sessionCopy(source: string, cwd: string, lines?: number): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-conf-")), "session.jsonl");
  const all = readFileSync(source, "utf8").trimEnd().split("\n");
  const kept = lines === undefined ? all : all.slice(0, lines);
  const header = JSON.parse(kept[0] as string) as Record<string, unknown>;
  kept[0] = JSON.stringify({ ...header, cwd });
  writeFileSync(file, `${kept.join("\n")}\n`);
  return file;
}

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
    { name: "a whole turn cut (v16-branchy)", source: CORPUS("v16-branchy-s108.jsonl"), keepRecentTokens: 4000 },
    { name: "a split turn and an update of the earlier summary (v16-compacting, first 115 lines)", source: CORPUS("v16-compacting-s204.jsonl"), lines: 115, keepRecentTokens: 4000 },
    { name: "a split turn in a 0.73-written session (v073-bare)", source: CORPUS("v073-bare-s617.jsonl"), keepRecentTokens: 4000 },
  ],
  "0.73": [
    { name: "a split turn (v073-bare)", source: CORPUS("v073-bare-s617.jsonl"), keepRecentTokens: 4000 },
    { name: "an update of the earlier summary (v16-compacting, first 115 lines)", source: CORPUS("v16-compacting-s204.jsonl"), lines: 115, keepRecentTokens: 4000 },
  ],
};

const RELEASES: { release: PiRelease; available: boolean }[] = [
  { release: "1.6", available: hasPi16 },
  { release: "0.73", available: hasPi073 },
];

for (const { release, available } of RELEASES) {
  describe.skipIf(!available || !hasShared)(`pi ${release}: the bridge asks the model what pi itself asks`, () => {
    let fake: FakeProvider;
    let install: PiTestInstall;
    let pi: FoundPi;
    const node = () => (release === "1.6" ? NODE22 : process.execPath);
    beforeAll(async () => {
      fake = await startFakeProvider();
      install = makePiInstall(release, fakeModelsJson(fake));
      const found = findPi({ env: install.env, cwd: install.root });
      if (!found.ok) throw new Error(found.problem);
      pi = found.pi;
    });
    afterAll(async () => {
      await fake.close();
      install.cleanup();
    });

    /** The requests `run` makes, captured by the fake provider. */
    async function capture(run: () => Promise<unknown>): Promise<RecordedRequest[]> {
      const from = fake.requests.length;
      await run();
      return fake.requests.slice(from);
    }

    for (const c of COMPACTIONS[release]) {
      it(`compaction: ${c.name}`, async () => {
        install.writeSettings({ retry: { enabled: false }, compaction: { keepRecentTokens: c.keepRecentTokens } });
        fake.reply({ kind: "text", text: "## Goal\nThe fake model's summary." });
        const profile: PiProfile = pi.profile;
        const ours = sessionCopy(c.source, install.root, c.lines);
        const theirs = sessionCopy(c.source, install.root, c.lines);
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
      install.writeSettings({ retry: { enabled: false } });
      fake.reply({ kind: "text", text: "The fake model's branch summary." });
      const profile: PiProfile = pi.profile;
      const ours = sessionCopy(CORPUS("v16-branchy-s108.jsonl"), install.root);
      const theirs = sessionCopy(CORPUS("v16-branchy-s108.jsonl"), install.root);
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
