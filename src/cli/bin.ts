#!/usr/bin/env node
// The file `pi-explorer` runs (dist/bin/main.js): turns on Node's compile cache, then loads the CLI.
// Why: a command such as `compact FILE` spends a few milliseconds of every start compiling the same
// bundle (docs/PERFORMANCE.md, bench section "cli-deep"); with the cache, Node 22.1+ reuses the code
// it compiled on an earlier run. The CLI itself (main.ts) is imported only after the cache is on, or
// it would be compiled without it.
import { compileCacheDirectory, enableCompileCache, pruneCompileCache } from "./compile-cache.js";

const compileCache = compileCacheDirectory(process.env);
if (enableCompileCache(compileCache)) pruneCompileCache(compileCache);
await import("./main.js");
