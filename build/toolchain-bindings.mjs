#!/usr/bin/env node
// The build and the tests run on rolldown (our bundler, and vite's) and vite's lightningcss, which
// load a prebuilt native binary from a per-platform package that npm installs as an optional
// dependency. An install that leaves optional dependencies out (`npm install --omit=optional`,
// or an npm that skipped them) then cannot build or test at all. This fetches the one missing
// package for this platform from the npm registry (`npm pack`, a prebuilt binary: no compiler,
// nothing outside the registry) and unpacks it where the tool looks for it. It touches nothing
// else: better-sqlite3, the optional dependency the recall index may do without, stays as it is.
//
//   node build/toolchain-bindings.mjs          fetch what is missing (quiet when nothing is)
//   node build/toolchain-bindings.mjs --check  only say what is missing; exit 1 if anything is
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(ROOT, "package.json"));

/** This platform as the binding packages name it: linux-x64-gnu, darwin-arm64, win32-x64-msvc, … */
export function platformTriple(platform = process.platform, arch = process.arch, musl = isMusl()) {
  if (platform === "linux") return `linux-${arch}-${musl ? "musl" : "gnu"}`;
  if (platform === "win32") return `win32-${arch}-msvc`;
  return `${platform}-${arch}`;
}

function isMusl() {
  if (process.platform !== "linux") return false;
  const report = process.report?.getReport?.();
  return !(report && typeof report === "object" && report.header?.glibcVersionRuntime);
}

/** [tool, its binding package for this platform, the version it wants], for tools installed here. */
function wanted(triple) {
  const out = [];
  for (const [tool, prefix] of [
    ["rolldown", "@rolldown/binding-"],
    ["lightningcss", "lightningcss-"],
  ]) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(ROOT, "node_modules", tool, "package.json"), "utf8"));
    } catch {
      continue;
    }
    const name = `${prefix}${triple}`;
    const version = pkg.optionalDependencies?.[name];
    if (version) out.push({ tool, name, version });
  }
  return out;
}

const installed = (name) => {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return existsSync(join(ROOT, "node_modules", name, "package.json"));
  }
};

function fetchPackage(name, version) {
  const tmp = mkdtempSync(join(tmpdir(), "pi-explorer-binding-"));
  try {
    const shell = process.platform === "win32";
    const out = execFileSync(shell ? "npm.cmd" : "npm", ["pack", `${name}@${version}`, "--silent", "--pack-destination", tmp], { cwd: tmp, encoding: "utf8", shell });
    const tarball = join(tmp, out.trim().split(/\r?\n/).pop());
    const target = join(ROOT, "node_modules", name);
    mkdirSync(target, { recursive: true });
    // npm's tarballs hold one folder, "package/".
    execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const check = process.argv.includes("--check");
  const missing = wanted(platformTriple()).filter((w) => !installed(w.name));
  for (const { tool, name, version } of missing) {
    if (check) {
      console.error(`toolchain-bindings: ${tool} has no native binding (${name}@${version} is not installed)`);
      continue;
    }
    console.error(`toolchain-bindings: ${tool}'s native binding was left out of the install (optional dependencies omitted); fetching ${name}@${version} from the npm registry`);
    try {
      fetchPackage(name, version);
    } catch (error) {
      console.error(`toolchain-bindings: could not fetch ${name}@${version}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      process.exit(1);
    }
  }
  if (check && missing.length) process.exit(1);
}
