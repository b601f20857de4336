// For a describe block: a fake provider and a test install of the user's pi pointed at it, started
// before its tests and removed after; and private copies of corpus sessions to write to.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { findPi, type FoundPi } from "../../src/pi-bridge/find-pi.js";
import { startFakeProvider, type FakeProvider } from "./fake-provider.js";
import { fakeModelsJson, makePiInstall, type PiRelease, type PiTestInstall } from "./pi-install.js";
import { sharedPath } from "./shared.js";

export interface FakePi {
  fake(): FakeProvider;
  install(): PiTestInstall;
  /** The install's pi as pi-explorer finds it. */
  pi(): FoundPi;
}

export function useFakePi(release: PiRelease): FakePi {
  let fake: FakeProvider | undefined;
  let install: PiTestInstall | undefined;
  let pi: FoundPi | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
    install = makePiInstall(release, fakeModelsJson(fake));
    const found = findPi({ env: install.env, cwd: install.root });
    if (found.ok) pi = found.pi;
  });
  afterAll(async () => {
    await fake?.close();
    install?.cleanup();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useFakePi: no ${what} (is the oracle install of pi ${release} there?)`);
    return value;
  };
  return { fake: () => need(fake, "fake provider"), install: () => need(install, "install"), pi: () => need(pi, "pi") };
}

/**
 * A private copy of ../shared/corpus/pi-written/NAME: the first `lines` lines only (the last one is then
 * pi's leaf), the header's cwd moved to `cwd` (pi refuses a session whose project folder is gone).
 */
export function corpusCopy(name: string, options: { cwd?: string; lines?: number } = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-pi-copy-")), "session.jsonl");
  const all = readFileSync(sharedPath("corpus", "pi-written", name), "utf8").trimEnd().split("\n");
  const kept = options.lines === undefined ? all : all.slice(0, options.lines);
  if (options.cwd !== undefined) kept[0] = JSON.stringify({ ...(JSON.parse(kept[0] as string) as object), cwd: options.cwd });
  writeFileSync(file, `${kept.join("\n")}\n`);
  return file;
}
