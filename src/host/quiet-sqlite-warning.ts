// node:sqlite (the recall index) warns that it is experimental each time it loads, in every thread
// that loads it. It is checked to have what the index needs before it is used, so the warning only
// confuses users, and from the picker's index worker it would land on the screen Ink draws.
export function quietSqliteWarning(): void {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/^SQLite is an experimental feature/.test(text)) return;
    (emitWarning as (w: string | Error, ...r: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}
