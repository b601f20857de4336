// Helpers for the append tests: a private copy of a fixture and its snapshot as taken on read.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSessionFile, type FileSnapshot, type LockOwner, type SessionEntry } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

export function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-append-"));
  const file = join(dir, name);
  copyFileSync(join(FIXTURES, "commit", name), file);
  return file;
}

/** The snapshot readSessionFile takes of `path` (size, time, tail hash, device, inode, pi's leaf). */
export function snapshotOf(path: string): FileSnapshot {
  return readSessionFile(path, "1.6").snapshot;
}

export const liveOwner = (pid = 4242): LockOwner => ({ pid, isAlive: () => true, nowMs: Date.parse("2026-03-01T00:00:00Z") });

export const labelEntry = (id: string, parentId: string, targetId: string, label?: string): SessionEntry => ({
  type: "label",
  id,
  parentId,
  timestamp: "2026-03-01T00:00:00.000Z",
  targetId,
  ...(label === undefined ? {} : { label }),
});
