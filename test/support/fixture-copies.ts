// A fresh temporary folder for each test of an app suite, with fixture sessions copied into it, so a
// test may write to "the user's file" without touching fixtures/. Ink harnesses are unmounted before
// the folder goes.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { cleanupInk } from "./ink-kit.js";
import { FIXTURES } from "./shared.js";

export interface FixtureCopies {
  /** This test's folder. */
  dir(): string;
  /** Copy fixtures/<relative> into this test's folder as `name`; returns its path. */
  copy(relative: string, name?: string): string;
}

/** Call at the top of a test file (or a describe): registers the per-test folder's set-up and removal. */
export function useFixtureCopies(prefix: string): FixtureCopies {
  let dir: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `pi-explorer-${prefix}-`));
  });
  afterEach(() => {
    cleanupInk();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const current = (): string => {
    if (dir === undefined) throw new Error("useFixtureCopies: no folder outside a test");
    return dir;
  };
  return {
    dir: current,
    copy(relative, name = "session.jsonl") {
      const file = join(current(), name);
      copyFileSync(join(FIXTURES, relative), file);
      return file;
    },
  };
}
