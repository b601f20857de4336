// The built bin (dist/bin/main.js, the bundle `npm run build` makes) that CLI and terminal end-to-end
// tests run the way a user would.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./shared.js";

export const BUILT_CLI = join(PROJECT_ROOT, "dist", "bin", "main.js");

/**
 * Builds dist/ once when the bin (or any of `alsoNeeded`, built files a test relies on) is missing.
 * `npm test` builds before vitest, so this is for lone runs.
 */
export function ensureBuilt(...alsoNeeded: string[]): void {
  if ([BUILT_CLI, ...alsoNeeded].every((file) => existsSync(file))) return;
  // tsc may report type errors in files still being written elsewhere; it emits anyway.
  spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: PROJECT_ROOT, stdio: "ignore" });
  // As `npm run build`: bundle tsc's output into dist/bin/.
  spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules", "rolldown", "bin", "cli.mjs"), "-c", "rolldown.config.mjs"], { cwd: PROJECT_ROOT, stdio: "ignore" });
  for (const file of [BUILT_CLI, ...alsoNeeded]) if (!existsSync(file)) throw new Error(`build did not produce ${file}`);
}
