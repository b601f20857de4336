// The one loader of the user's pi settings that the app (commit, compaction preview) and the CLI share.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadUserSettings } from "../../src/engine/index.js";

let home: string;
let cwd: string;
let agentDir: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "pi-explorer-user-settings-"));
  agentDir = join(home, ".pi", "agent");
  cwd = join(home, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const load = (extra: Partial<Parameters<typeof loadUserSettings>[0]> = {}) => loadUserSettings({ env: {}, home, cwd, profile: "1.6", ...extra });

describe("loadUserSettings", () => {
  it("resolves both files with their sources and names the paths it read", () => {
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 3000 } }));
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ compaction: { reserveTokens: 5000 } }));
    const s = load();
    expect(s.agentDir).toBe(agentDir);
    expect(s.files).toEqual({ global: join(agentDir, "settings.json"), project: join(cwd, ".pi", "settings.json") });
    expect(s.effective.compaction.keepRecentTokens).toMatchObject({ value: 3000, source: "global" });
    expect(s.effective.compaction.reserveTokens).toMatchObject({ value: 5000, source: "project" });
    expect(s.problems).toEqual([]);
  });

  it("applies 1.6's per-model override for the session's model, not 0.73", () => {
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 3000, modelOverrides: { "p/m": { keepRecentTokens: 900 } } } }));
    const model = { provider: "p", modelId: "m" };
    expect(load({ model }).effective.compaction.keepRecentTokens.value).toBe(900);
    expect(load({ model, profile: "0.73" }).effective.compaction.keepRecentTokens.value).toBe(3000);
    expect(load({ model: null }).effective.compaction.keepRecentTokens.value).toBe(3000);
  });

  it("reports a broken settings file as one line with file and line, and falls back to defaults", () => {
    writeFileSync(join(cwd, ".pi", "settings.json"), '{\n  "compaction": {\n    "keepRecentTokens": 1,,\n  }\n}\n');
    const s = load();
    expect(s.problems).toHaveLength(1);
    expect(s.problems[0]).toMatch(new RegExp(`^${join(cwd, ".pi", "settings.json").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3: not valid JSON`));
    expect(s.effective.compaction.keepRecentTokens).toMatchObject({ value: 20000, source: "default" });
  });

  it("takes the sessions folder from PI_CODING_AGENT_SESSION_DIR unless --session-dir is given", () => {
    expect(load({ env: { PI_CODING_AGENT_SESSION_DIR: "/elsewhere" } }).effective.sessionDir).toMatchObject({ value: "/elsewhere", source: "env" });
    expect(load({ env: { PI_CODING_AGENT_SESSION_DIR: "/elsewhere" }, cliSessionDir: "/flag" }).effective.sessionDir).toMatchObject({ value: "/flag", source: "cli" });
  });
});
