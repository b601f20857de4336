// The one place that decides whether the app may offer to append to a session file, and what it says
// when it may not. The engine's append refuses v1/v2 files (pi migrates them by rewriting every id), so
// the write flows (label, compaction, branch summary) say so before asking instead of after `y`.
// A fork writes a new v3 file and is never refused here.

/** The paragraph shown in place of the confirm step, or null when the file can be appended to. */
export function appendRefusal(fileVersion: number): string | null {
  if (!(fileVersion < 3)) return null;
  return `This is a v${fileVersion} session file; pi-explorer appends only to v3 files, as pi writes them. Shift+F in the tree forks the path into a new v3 file you can write to.`;
}

/** The same verdict as one short row for a plan block (the branch flow's plan), or null. */
export function appendRefusalNote(fileVersion: number): string | null {
  if (!(fileVersion < 3)) return null;
  return `a v${fileVersion} file is never appended to: fork it into a v3 file first (Shift+F in the tree)`;
}
