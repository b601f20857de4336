// The bundled demo session, offered when there are no sessions at all. Its path is found from this
// module's own location, so it works from the source tree, from dist/ and from an installed package.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DEMO_RELATIVE = join("fixtures", "demo", "demo-session.jsonl");

/** The nearest folder at or above `start` whose package.json names pi-explorer; undefined if none. */
export function findPackageRoot(start: string): string | undefined {
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
