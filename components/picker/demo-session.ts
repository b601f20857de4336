// The bundled demo session, offered when there are no sessions at all. Its path is found from this
// module's own location, so it works from the source tree, from dist/ and from an installed package.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DEMO_RELATIVE = join("fixtures", "demo", "demo-session.jsonl");

/** The nearest folder at or above `start` whose package.json names pi-explorer; undefined if none. */
function findPackageRoot(start: string): string | undefined {
  let dir = start;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "pi-explorer") return dir;
      } catch {
        // An unreadable manifest is not ours; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Path of fixtures/demo/demo-session.jsonl in the installed package, or undefined when it is missing. */
export function demoSessionPath(moduleUrl: string = import.meta.url): string | undefined {
  const root = findPackageRoot(dirname(fileURLToPath(moduleUrl)));
  if (!root) return undefined;
  const path = join(root, DEMO_RELATIVE);
  return existsSync(path) ? path : undefined;
}

/**
 * A private copy of the demo to open: labels, forks and commits made while trying the demo go to the
 * copy, never into the installed package's file. Falls back to the bundled file when no copy can be made.
 */
export function demoWorkingCopy(bundled: string, tempRoot: string = tmpdir()): string {
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tempRoot, "pi-explorer-demo-"));
    const copy = join(dir, basename(bundled));
    copyFileSync(bundled, copy);
    return copy;
  } catch {
    if (dir) rmSync(dir, { recursive: true, force: true });
    return bundled;
  }
}
