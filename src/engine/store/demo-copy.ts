// The bundled demo session on disk: finding it inside the installed package, and the private working
// copy the app opens instead, so labels, forks and commits made while trying the demo never edit the
// package's file. A copy lives in a fresh temp folder and is removed only by the process that made it.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const PACKAGE_NAME = "pi-explorer";
const DEMO_RELATIVE = join("fixtures", "demo", "demo-session.jsonl");
const COPY_DIR_PREFIX = "pi-explorer-demo-";

/** The nearest folder at or above `start` whose package.json names pi-explorer; undefined if none. */
function findPackageRoot(start: string): string | undefined {
  let dir = start;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === PACKAGE_NAME) return dir;
      } catch {
        // An unreadable manifest is not ours; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * fixtures/demo/demo-session.jsonl of the pi-explorer package that contains `startDir` (the caller's
 * own folder, so it works from the source tree, from dist/ and from an installed package), or
 * undefined when there is none.
 */
export function findBundledDemo(startDir: string): string | undefined {
  const root = findPackageRoot(startDir);
  if (!root) return undefined;
  const path = join(root, DEMO_RELATIVE);
  return existsSync(path) ? path : undefined;
}

/** A working copy of the demo: `file` inside `dir`, a folder this process made. */
export interface DemoCopy {
  readonly file: string;
  readonly dir: string;
}

// Copies made by this process. removeDemoCopy deletes nothing else, whatever object it is handed.
const madeHere = new WeakSet<DemoCopy>();

/**
 * Copy `bundled` into a fresh folder under `tempRoot` (the launcher passes the system's temp folder).
 * Undefined when no copy can be made; nothing is left behind then.
 */
export function makeDemoCopy(bundled: string, tempRoot: string): DemoCopy | undefined {
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tempRoot, COPY_DIR_PREFIX));
    const file = join(dir, basename(bundled));
    copyFileSync(bundled, file);
    const copy: DemoCopy = Object.freeze({ file, dir });
    madeHere.add(copy);
    return copy;
  } catch {
    // Only the folder mkdtemp just made, never one found by its name.
    if (dir) rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** True while the copy's file is still there (something else may have cleaned the temp folder). */
export function demoCopyExists(copy: DemoCopy): boolean {
  return existsSync(copy.file);
}

/**
 * Delete a copy's folder, with whatever was written next to the copy (a lock, a fork). Only copies
 * made by makeDemoCopy in this process are deleted; returns whether this one was. Never throws.
 */
export function removeDemoCopy(copy: DemoCopy): boolean {
  if (!madeHere.has(copy)) return false;
  madeHere.delete(copy);
  try {
    rmSync(copy.dir, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}
