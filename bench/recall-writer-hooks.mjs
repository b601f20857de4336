// Loader hooks for bench/recall-writer.mjs: recall-cache-update.js sees a prepareWholeFile that
// hands back the files the harness prepared beforehand (globalThis.__preparedFiles), so only the
// writer's work is timed.
export async function resolve(specifier, context, next) {
  if (specifier.endsWith("recall-cache-prepare.js") && context.parentURL?.endsWith("recall-cache-update.js")) {
    const real = await next(specifier, context);
    return { url: `prepared-shim:${real.url}`, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith("prepared-shim:")) return next(url, context);
  const real = JSON.stringify(url.slice("prepared-shim:".length));
  const source = `export * from ${real};
import { prepareWholeFile as prepareNow } from ${real};
export function prepareWholeFile(path, st, profile) { return globalThis.__preparedFiles?.get(path) ?? prepareNow(path, st, profile); }`;
  return { format: "module", source, shortCircuit: true };
}
