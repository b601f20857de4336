// A stand-in `pi` for the handoff tests: a package that looks like pi 1.6.0 to pi-explorer (the same
// package.json, a root export that re-exports the real pi's, so the bridge still works through it)
// and whose bin only records its arguments and working directory, then exits with code 7.
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PI16_CLI } from "./pi-install.js";

export const STANDIN_EXIT_CODE = 7;

/** Installs the stand-in into `root` and links it as `bin/pi`; returns the file its bin records into. */
export function installPiStandin(root: string, bin: string): string {
  const real = join(dirname(PI16_CLI), "..", "..");
  const pkg = join(root, "standin", "node_modules", "@earendil-works", "pi-coding-agent");
  mkdirSync(join(pkg, "dist"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), readFileSync(join(real, "package.json")));
  writeFileSync(join(pkg, "dist", "index.js"), `export * from ${JSON.stringify(join(real, "dist", "index.js"))};\n`);
  const record = join(root, "standin-record.json");
  const cli = join(pkg, "dist", "bundle", "cli.js");
  mkdirSync(dirname(cli), { recursive: true });
  writeFileSync(
    cli,
    `#!/usr/bin/env node
require("node:fs").writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd() }));
console.log("stand-in pi ran");
process.exit(${STANDIN_EXIT_CODE});
`,
  );
  chmodSync(cli, 0o755);
  // The real package is ESM ("type": "module"); the recorder is plain CommonJS, so it gets its own scope.
  writeFileSync(join(dirname(cli), "package.json"), '{"type":"commonjs"}\n');
  symlinkSync(cli, join(bin, "pi"));
  return record;
}
