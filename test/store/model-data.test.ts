// The model's context window from the user's pi model data: models.json (custom models and
// overrides, comments allowed), the catalog pi 1.x caches in the agent folder (models-store.json),
// the installed pi package's built-in list; else pi's assumed fallback. Shown with its source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contextWindowOf, loadContextWindow, loadUserSettings } from "../../src/engine/index.js";
import { runCli } from "../../src/cli/run-cli.js";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "pi-explorer-models-"));
  dirs.push(d);
  return d;
};
const sonnet = { provider: "anthropic", modelId: "claude-sonnet-4-5" };

describe("context window from pi's model data", () => {
  it("prefers a models.json override, then a models.json model, then pi's catalog, then the built-in list", () => {
    const builtin = { path: "/pi/anthropic.json", value: { "anthropic-messages": { "chat:claude-sonnet-4-5": { id: "claude-sonnet-4-5", provider: "anthropic", type: "chat", contextWindow: 200000 } } } };
    const catalog = { path: "/a/models-store.json", value: { anthropic: { models: [{ id: "claude-sonnet-4-5", provider: "anthropic", type: "chat", contextWindow: 1000000 }] } } };
    const modelsJson = (providers: unknown) => ({ path: "/a/models.json", value: { providers } });
    expect(contextWindowOf(sonnet, { builtin })).toEqual({ value: 200000, source: "pi's built-in models", file: "/pi/anthropic.json" });
    expect(contextWindowOf(sonnet, { builtin, catalog })).toMatchObject({ value: 1000000, source: "pi's model catalog" });
    expect(contextWindowOf(sonnet, { builtin, catalog, modelsJson: modelsJson({ anthropic: { modelOverrides: { "claude-sonnet-4-5": { contextWindow: 400000 } } } }) })).toMatchObject({ value: 400000, source: "models.json" });
    expect(contextWindowOf({ provider: "local", modelId: "qwen" }, { modelsJson: modelsJson({ local: { models: [{ id: "qwen", contextWindow: 32768 }] } }) })).toMatchObject({ value: 32768, source: "models.json" });
    expect(contextWindowOf({ provider: "local", modelId: "qwen" }, { modelsJson: modelsJson({ local: { models: [{ id: "qwen" }] } }) })).toMatchObject({ value: 128000, source: "models.json (pi's default for a custom model)" });
    expect(contextWindowOf({ provider: "other", modelId: "x" }, { builtin, catalog })).toEqual({ value: 128000, source: "assumed" });
    expect(contextWindowOf(null, { builtin })).toEqual({ value: 128000, source: "assumed" });
  });

  it("reads models.json (with comments) and models-store.json from the agent folder, and a pi package's data file", () => {
    const agentDir = temp();
    writeFileSync(join(agentDir, "models.json"), '// my models\n{ "providers": { "local": { /* ollama */ "models": [{ "id": "qwen", "contextWindow": 65536 }] } } }\n');
    writeFileSync(join(agentDir, "models-store.json"), JSON.stringify({ anthropic: { models: [{ id: "claude-sonnet-4-5", provider: "anthropic", type: "chat", contextWindow: 200000 }], checkedAt: 1 } }));
    expect(loadContextWindow({ agentDir, model: { provider: "local", modelId: "qwen" } })).toEqual({ value: 65536, source: "models.json", file: join(agentDir, "models.json") });
    expect(loadContextWindow({ agentDir, model: sonnet })).toEqual({ value: 200000, source: "pi's model catalog", file: join(agentDir, "models-store.json") });
    const pkg = join(temp(), "node_modules", "@earendil-works", "pi-coding-agent");
    const data = join(pkg, "..", "pi-ai", "dist", "providers", "data");
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, "openai.json"), JSON.stringify({ "openai-responses": { "chat:gpt-9": { id: "gpt-9", provider: "openai", type: "chat", contextWindow: 400000 } } }));
    expect(loadContextWindow({ agentDir, model: { provider: "openai", modelId: "gpt-9" }, piPackage: pkg })).toMatchObject({ value: 400000, source: "pi's built-in models" });
    // A provider name is never a path.
    expect(loadContextWindow({ agentDir, model: { provider: "../../x", modelId: "gpt-9" }, piPackage: pkg })).toEqual({ value: 128000, source: "assumed" });
  });

  it("reaches the CLI: compact says the window and where it came from, branch budgets with it", async () => {
    const home = temp();
    const agentDir = join(home, ".pi", "agent");
    mkdirSync(agentDir, { recursive: true });
    writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { anthropic: { modelOverrides: { "claude-sonnet-4-5": { contextWindow: 300000 } } } } }));
    const env = { HOME: home, PATH: "" };
    expect(loadUserSettings({ env, home, cwd: home, profile: "1.6", model: sonnet }).contextWindow.value).toBe(300000);
    const { heavySessionText } = await import("../support/heavy-session.mjs");
    const file = join(home, "s.jsonl");
    writeFileSync(file, heavySessionText({ turns: 3, heavyEvery: 99 }));
    let out = "";
    const code = await runCli(["compact", file], { env, home, cwd: home, now: new Date(0), version: "test", streams: { stdout: (t) => (out += t), stderr: () => {} } });
    expect(code).toBe(0);
    expect(out).toContain(`context window 300,000 (models.json: ${join(agentDir, "models.json")})`);
  });
});
