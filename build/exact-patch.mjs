// The bundler plugin (rolldown.config.mjs) that applies one patch of build/dependency-patches.mjs;
// vitest.config.ts applies the Ink patches with it too, so the tests run the Ink users run.

/**
 * A plugin that applies one patch of build/dependency-patches.mjs: replaces `from` with `to` (and
 * appends `append`) in the one module whose path matches `file`, and fails the
 * build when `from` is not there exactly once (the dependency changed: the patch needs a look).
 */
export function exactPatch({ name, file, from, to, append = "" }) {
  return {
    name,
    transform(code, id) {
      if (!file.test(id)) return null;
      if (code.split(from).length !== 2) throw new Error(`build/exact-patch.mjs: ${id} no longer holds the text the ${name} patch replaces; check it`);
      // A function replacement: `to` is inserted as written, "$" included.
      return { code: code.replace(from, () => to) + append, map: null };
    },
  };
}

