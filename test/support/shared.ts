// Where ../shared lives, and a visible skip when it is absent (a fresh clone without it).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SHARED = process.env.PI_EXPLORER_SHARED ?? join(PROJECT_ROOT, "..", "shared");
export const FIXTURES = join(PROJECT_ROOT, "fixtures");
export const hasShared = existsSync(join(SHARED, "oracle", "expected"));

export const sharedPath = (...parts: string[]): string => join(SHARED, ...parts);

/**
 * describe() that runs only when ../shared exists, and says so loudly when it does not. Without it
 * the body is not even collected: a body reads ../shared as it declares its tests (one per corpus
 * file), which would fail the whole test file instead of skipping it.
 */
export function describeWithShared(name: string, body: () => void): void {
  if (!hasShared) {
    console.warn(`[skip] ${name}: ${SHARED} is absent, so tests that need ../shared are skipped`);
    describe.skip(name, () => {
      it(`needs ${SHARED}`, () => undefined);
    });
    return;
  }
  describe(name, body);
}
