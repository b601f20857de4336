// The user's pi for tests: a temporary home with pi's agent dir pointed at a fake provider, and a bin
// folder with a `pi` that is one of the oracle installs (and, for pi 1.6, Node 22 as `node`).
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { FakeProvider } from "./fake-provider.js";

const ORACLE_DIR = process.env.PI_ORACLE_DIR ?? join(tmpdir(), "pi-oracle");
export const PI16_CLI = join(ORACLE_DIR, "pi16/node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
export const PI073_CLI = join(ORACLE_DIR, "pi073/node_modules/@mariozechner/pi-coding-agent/dist/cli.js");
export const NODE22 = join(ORACLE_DIR, "node22/node_modules/.bin/node");
export const hasPi16 = existsSync(PI16_CLI) && existsSync(NODE22);
export const hasPi073 = existsSync(PI073_CLI);

export type PiRelease = "1.6" | "0.73";

/** The fake provider's models, as a user's models.json would declare them. */
export function fakeModelsJson(fake: FakeProvider): Record<string, unknown> {
  const cost = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
  return {
    providers: {
      "fake-openai": {
        baseUrl: fake.openaiBaseUrl,
        api: "openai-completions",
        apiKey: "fake-openai-key",
        models: [{ id: "fake-model", name: "Fake Model", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 16384, cost }],
      },
      // A built-in provider routed to the fake server: every anthropic model of the corpus goes there.
      anthropic: { baseUrl: fake.anthropicBaseUrl, apiKey: "fake-anthropic-key" },
    },
  };
}

export interface PiTestInstall {
  root: string;
  home: string;
  agentDir: string;
  bin: string;
  /** Environment for pi-explorer and the bridge: PATH with the test `pi` first, HOME, PI_CODING_AGENT_DIR, PI_OFFLINE. */
  env: Record<string, string | undefined>;
  writeSettings(settings: Record<string, unknown>): void;
  cleanup(): void;
}

/**
 * A temporary pi installation for `release`: `bin/pi` links to the oracle's pi, `bin/node` to Node 22
 * for 1.6 (0.73 runs on this Node). `models` (models.json) and retries off by default, so a failure
 * test sees the first answer.
 */
export function makePiInstall(release: PiRelease, models: Record<string, unknown> | null, options: { withPi?: boolean } = {}): PiTestInstall {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-pi-"));
  const home = join(root, "home");
  const agentDir = join(home, ".pi", "agent");
  const bin = join(root, "bin");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(bin, { recursive: true });
  if (options.withPi !== false) {
    symlinkSync(release === "1.6" ? PI16_CLI : PI073_CLI, join(bin, "pi"));
    if (release === "1.6") symlinkSync(NODE22, join(bin, "node"));
    else symlinkSync(process.execPath, join(bin, "node"));
  }
  if (models) writeFileSync(join(agentDir, "models.json"), JSON.stringify(models, null, 2));
  const writeSettings = (settings: Record<string, unknown>) => writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings, null, 2));
  writeSettings({ retry: { enabled: false } });
  const env: Record<string, string | undefined> = {
    PATH: [bin, process.env.PATH ?? ""].join(delimiter),
    HOME: home,
    PI_CODING_AGENT_DIR: agentDir,
    PI_OFFLINE: "1",
    NODE_DISABLE_COMPILE_CACHE: "1",
    TMPDIR: process.env.TMPDIR,
  };
  return { root, home, agentDir, bin, env, writeSettings, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
