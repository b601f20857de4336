// Loads a session file into a SessionTree for engine tests, through the project's own loader.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildTree, getBranch, type SessionTree } from "../../src/engine/tree/tree.js";
import { parseSession } from "../../src/engine/session/load.js";
import type { PiProfile, SessionEntry } from "../../src/engine/types.js";
import { FIXTURES } from "./shared.js";

export function loadTree(file: string, profile: PiProfile = "1.6"): SessionTree {
  return buildTree(parseSession(readFileSync(file), profile));
}

/** A session built from lines of JSON (header first), for small hand-written cases. */
export function treeFromLines(lines: readonly object[], profile: PiProfile = "1.6"): SessionTree {
  return buildTree(parseSession(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`, profile));
}

/** The active path of a fixture under fixtures/. */
export function fixturePath(name: string, profile: PiProfile = "1.6"): SessionEntry[] {
  return getBranch(loadTree(join(FIXTURES, name), profile));
}
