import { it } from "vitest";
import { analyzeCompaction, buildTree, getBranch, readSessionFile } from "../../src/engine/index.js";
import { findPi } from "../../src/pi-bridge/find-pi.js";
import { describeCompaction } from "../../src/pi-bridge/preparation.js";
import { runPiSummary } from "../../src/pi-bridge/run-pi-summary.js";
import { startFakeProvider } from "../support/fake-provider.js";
import { fakeModelsJson, makePiInstall } from "../support/pi-install.js";

it("scratch", async () => {
  const fake = await startFakeProvider();
  const install = makePiInstall((process.env.REL ?? "1.6") as "1.6", fakeModelsJson(fake));
  const found = findPi({ env: install.env, cwd: "/" });
  console.log(found);
  if (!found.ok) return;
  const file = process.env.F ?? "/work/shared/corpus/pi-written/v16-compacting-s204.jsonl";
  const { loaded } = readSessionFile(file, found.pi.profile);
  const tree = buildTree(loaded);
  const t0 = Date.now();
  const outcome = await runPiSummary({
    pi: found.pi, file, operation: { kind: "compact" }, leafId: tree.leafId, agentDir: install.agentDir, env: install.env, settings: { compaction: { keepRecentTokens: 4000 } },
    preview: () => describeCompaction(analyzeCompaction(getBranch(tree, tree.leafId), { enabled: true, keepRecentTokens: 4000, reserveTokens: 16384 }, found.pi.profile).preparation!),
    onStage: (s) => console.log(Date.now() - t0, s.stage),
  });
  console.log(JSON.stringify(outcome, null, 1).slice(0, 3000));
  console.log(JSON.stringify(fake.requests.map(r => ({ path: r.path, headers: r.headers, body: JSON.stringify(r.body).slice(0, 600) })), null, 1));
  await fake.close();
  install.cleanup();
}, 60000);
