// Effective settings per pi release, with where each value came from, and reading the two files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mergeSettings, readSettingsFiles, resolveSettings } from "../../src/engine/index.js";

describe("resolveSettings", () => {
  it("defaults when both files are empty", () => {
    const s = resolveSettings({ global: {}, project: {}, profile: "1.6" });
    expect(s.compaction.enabled).toEqual({ value: true, source: "default", key: "compaction.enabled" });
    expect(s.compaction.reserveTokens.value).toBe(16384);
    expect(s.compaction.keepRecentTokens.value).toBe(20000);
    expect(s.branchSummary.reserveTokens).toMatchObject({ value: 16384, source: "default" });
    expect(s.branchSummary.skipPrompt).toMatchObject({ value: false, source: "default" });
    expect(s.sessionDir).toMatchObject({ value: undefined, source: "default" });
    expect(s.problems).toEqual([]);
  });

  it("project wins per field, global fills the rest, and each value names its source", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      const s = resolveSettings({
        global: { compaction: { keepRecentTokens: 8000, reserveTokens: 1000 }, branchSummary: { skipPrompt: true } },
        project: { compaction: { reserveTokens: 2000 } },
        profile,
      });
      expect(s.compaction.keepRecentTokens).toMatchObject({ value: 8000, source: "global" });
      expect(s.compaction.reserveTokens).toMatchObject({ value: 2000, source: "project" });
      expect(s.compaction.enabled).toMatchObject({ value: true, source: "default" });
      expect(s.branchSummary.skipPrompt).toMatchObject({ value: true, source: "global" });
    }
  });

  it("a project value that is not an object replaces the whole global object", () => {
    const s = resolveSettings({ global: { compaction: { keepRecentTokens: 8000 } }, project: { compaction: 5 }, profile: "0.73" });
    expect(s.compaction.keepRecentTokens).toMatchObject({ value: 20000, source: "default" });
  });

  it("0.73 merges one level deep, 1.6 merges recursively", () => {
    const global = { compaction: { modelOverrides: { "p/m": { keepRecentTokens: 1 } } } };
    const project = { compaction: { modelOverrides: { "p/m": { reserveTokens: 2 } } } };
    expect(mergeSettings(global, project, "0.73")).toEqual({ compaction: { modelOverrides: { "p/m": { reserveTokens: 2 } } } });
    expect(mergeSettings(global, project, "1.6")).toEqual({ compaction: { modelOverrides: { "p/m": { keepRecentTokens: 1, reserveTokens: 2 } } } });
  });

  it("1.6 model overrides come before the ordinary setting", () => {
    const s = resolveSettings({
      global: { compaction: { keepRecentTokens: 8000, modelOverrides: { "anthropic/x": { keepRecentTokens: 3000 } } } },
      project: {},
      profile: "1.6",
      model: { provider: "anthropic", id: "x" },
    });
    expect(s.compaction.keepRecentTokens).toMatchObject({ value: 3000, source: "global", key: "compaction.modelOverrides.anthropic/x.keepRecentTokens" });
    expect(s.compaction.reserveTokens).toMatchObject({ value: 16384, source: "default" });
  });

  it("1.6 rejects token values that are not non-negative safe integers; 0.73 takes them as they are", () => {
    const input = { global: { compaction: { reserveTokens: "lots", keepRecentTokens: -1 } }, project: {} };
    const v16 = resolveSettings({ ...input, profile: "1.6" });
    expect(v16.compaction.reserveTokens).toMatchObject({ value: 16384, source: "default" });
    expect(v16.problems).toEqual([
      expect.stringContaining("Invalid compaction.reserveTokens setting: lots."),
      expect.stringContaining("Invalid compaction.keepRecentTokens setting: -1."),
    ]);
    const v073 = resolveSettings({ ...input, profile: "0.73" });
    expect(v073.compaction.keepRecentTokens).toMatchObject({ value: -1, source: "global" });
    expect(v073.problems).toEqual([]);
  });

  it("session dir precedence: --session-dir, then $PI_CODING_AGENT_SESSION_DIR, then settings, with ~ expanded", () => {
    const base = { global: { sessionDir: "~/from-global" }, project: {}, profile: "1.6" as const, home: "/home/u" };
    expect(resolveSettings(base).sessionDir).toMatchObject({ value: "/home/u/from-global", source: "global" });
    expect(resolveSettings({ ...base, project: { sessionDir: "/p" } }).sessionDir).toMatchObject({ value: "/p", source: "project" });
    const env = { PI_CODING_AGENT_SESSION_DIR: "~/from-env" };
    expect(resolveSettings({ ...base, env }).sessionDir).toMatchObject({ value: "/home/u/from-env", source: "env" });
    expect(resolveSettings({ ...base, env, cliSessionDir: "/cli" }).sessionDir).toMatchObject({ value: "/cli", source: "cli" });
    expect(resolveSettings({ ...base, env: { PI_CODING_AGENT_SESSION_DIR: "" } }).sessionDir.source).toBe("global");
  });
});

describe("readSettingsFiles", () => {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-settings-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const agentDir = join(root, "agent");
  const cwd = join(root, "proj");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });

  it("missing files are empty settings without complaint", () => {
    const r = readSettingsFiles({ agentDir: join(root, "none"), cwd: join(root, "none"), profile: "1.6" });
    expect(r).toMatchObject({ global: {}, project: {}, diagnostics: [] });
  });

  it("reads both files; invalid JSON is a diagnostic naming file and line, and defaults are used", () => {
    writeFileSync(join(agentDir, "settings.json"), '{"compaction": {"keepRecentTokens": 9000}}');
    writeFileSync(join(cwd, ".pi", "settings.json"), '{\n  "compaction": {\n    "reserveTokens": 12,\n  }\n}');
    const r = readSettingsFiles({ agentDir, cwd, profile: "1.6" });
    expect(r.global).toEqual({ compaction: { keepRecentTokens: 9000 } });
    expect(r.project).toEqual({});
    expect(r.diagnostics).toEqual([{ file: join(cwd, ".pi", "settings.json"), line: 4, problem: expect.stringContaining("not valid JSON") }]);
  });

  it("a BOM is stripped by 1.6 and breaks the file for 0.73", () => {
    writeFileSync(join(cwd, ".pi", "settings.json"), '\uFEFF{"branchSummary": {"skipPrompt": true}}');
    expect(readSettingsFiles({ agentDir, cwd, profile: "1.6" }).project).toEqual({ branchSummary: { skipPrompt: true } });
    const old = readSettingsFiles({ agentDir, cwd, profile: "0.73" });
    expect(old.project).toEqual({});
    expect(old.diagnostics[0].file).toBe(join(cwd, ".pi", "settings.json"));
  });

  it("a JSON value that is not an object is reported", () => {
    writeFileSync(join(cwd, ".pi", "settings.json"), "[1, 2]");
    expect(readSettingsFiles({ agentDir, cwd, profile: "1.6" }).diagnostics[0].problem).toContain("not a JSON object");
  });
});
