// runPiSummary itself: cancel mid-call and a preparation mismatch made on purpose send nothing (or
// stop) and leave the file unchanged; pi 0.73.1 is driven the same way.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeCompaction, buildTree, getBranch, readSessionFile, type PiProfile } from "../../src/engine/index.js";
import type { FoundPi } from "../../src/pi-bridge/find-pi.js";
import { describeCompaction } from "../../src/pi-bridge/preparation.js";
import { runPiSummary, type PiSummaryRequest } from "../../src/pi-bridge/run-pi-summary.js";
import { corpusCopy, useFakePi } from "../support/fake-pi.js";
import { hasPi073, hasPi16, type PiRelease, type PiTestInstall } from "../support/pi-install.js";
import { hasShared } from "../support/shared.js";


function compactRequest(pi: FoundPi, install: PiTestInstall, file: string, keepRecentTokens: number): PiSummaryRequest {
  const profile: PiProfile = pi.profile;
  const tree = buildTree(readSessionFile(file, profile).loaded);
  const preparation = analyzeCompaction(getBranch(tree, tree.leafId), { enabled: true, keepRecentTokens, reserveTokens: 16384 }, profile).preparation;
  if (!preparation) throw new Error("the test session has nothing to compact");
  return {
    pi,
    file,
    operation: { kind: "compact" },
    leafId: tree.leafId,
    agentDir: install.agentDir,
    env: install.env,
    settings: { compaction: { keepRecentTokens } },
    preview: () => describeCompaction(preparation),
  };
}

const RELEASES: { release: PiRelease; available: boolean; session: string }[] = [
  { release: "1.6", available: hasPi16, session: "v16-branchy-s108.jsonl" },
  { release: "0.73", available: hasPi073, session: "v073-bare-s617.jsonl" },
];

for (const { release, available, session } of RELEASES) {
  describe.skipIf(!available || !hasShared)(`runPiSummary on pi ${release}`, () => {
    const env = useFakePi(release);
    const request = (file: string) => compactRequest(env.pi(), env.install(), file, 4000);

    it("returns pi's own compaction entry with the fake model's text", async () => {
      env.fake().reply({ kind: "text", text: "Fake summary." });
      const file = corpusCopy(session);
      const outcome = await runPiSummary(request(file));
      expect(outcome.ok, outcome.ok ? "" : outcome.message).toBe(true);
      if (!outcome.ok) return;
      expect(outcome.entry).toMatchObject({ type: "compaction", fromHook: false });
      expect(String((outcome.entry as { summary: string }).summary)).toContain("Fake summary.");
      expect(outcome.ready.version).toMatch(release === "1.6" ? /^1\.6\./ : /^0\.73\./);
    });

    it("another model the user's pi can reach: the OpenAI-compatible provider of models.json answers", async () => {
      env.fake().reply({ kind: "text", text: "Summary by the OpenAI-style fake." });
      const file = corpusCopy(session);
      const from = env.fake().requests.length;
      const settingsFile = join(env.install().agentDir, "settings.json");
      const settingsBefore = readFileSync(settingsFile, "utf8");
      let offered: string[] = [];
      const outcome = await runPiSummary({
        ...request(file),
        chooseModel: async (ready) => {
          offered = ready.models.map((m) => `${m.provider}/${m.id}`);
          return "fake-openai/fake-model";
        },
      });
      expect(outcome.ok, outcome.ok ? "" : outcome.message).toBe(true);
      expect(offered).toContain("fake-openai/fake-model");
      if (!outcome.ok) return;
      expect(outcome.ready.model).toMatchObject({ provider: "fake-openai", id: "fake-model" });
      const asked = env.fake().requests.slice(from);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((r) => r.path === "/v1/chat/completions" && (r.body as { model?: string }).model === "fake-model")).toBe(true);
      expect(String((outcome.entry as { summary: string }).summary)).toContain("Summary by the OpenAI-style fake.");
      // Choosing a model for one summary never makes it the user's default (pi 0.73's setModel would).
      expect(readFileSync(settingsFile, "utf8")).toBe(settingsBefore);
    });

    it("Esc (an abort) during the model call cancels it; the file is unchanged", async () => {
      env.fake().reply({ kind: "hang" });
      const file = corpusCopy(session);
      const before = readFileSync(file);
      const controller = new AbortController();
      void env.fake().nextRequest().then(() => controller.abort());
      const outcome = await runPiSummary({ ...request(file), signal: controller.signal });
      expect(outcome).toMatchObject({ ok: false, kind: "cancelled" });
      expect(readFileSync(file).equals(before)).toBe(true);
    });

    it("a preparation that differs from the preview refuses the call and shows both answers", async () => {
      env.fake().reply({ kind: "text", text: "never asked for" });
      const file = corpusCopy(session);
      const before = readFileSync(file);
      const made = request(file);
      const honest = made.preview({ version: null, model: null, thinkingLevel: "off", fallback: null, models: [] });
      const requestsBefore = env.fake().requests.length;
      const outcome = await runPiSummary({ ...made, preview: () => ({ ...honest, tokensBefore: (honest as { tokensBefore: number }).tokensBefore + 1 }) });
      expect(outcome).toMatchObject({ ok: false, kind: "mismatch" });
      if (outcome.ok) return;
      expect(outcome.message).toMatch(/prepares something else than the preview \(tokensBefore: preview \d+, pi \d+\); no model was called/);
      expect(outcome.differences).toEqual([{ field: "tokensBefore", preview: String((honest as { tokensBefore: number }).tokensBefore + 1), pi: String((honest as { tokensBefore: number }).tokensBefore) }]);
      expect(env.fake().requests.length).toBe(requestsBefore);
      expect(readFileSync(file).equals(before)).toBe(true);
    });
  });
}
