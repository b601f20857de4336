// The one decision whether pi-explorer may append to a session file, and its wording for each place
// that says it: pi migrates v1/v2 files (and headers with a version no release of pi's wrote) by
// rewriting every id, so appending to one would write entries pi renames on its next load. A fork
// writes a new v3 file and is never refused.
import { oldSessionFileName } from "../session/info.js";

/** Where the refusal is said: the store's guard (a CommitError), the CLI, the app's paragraph, or a short plan row. */
export type CannotAppendForm = { kind: "guard"; path: string } | { kind: "cli"; path: string } | { kind: "app" } | { kind: "app-note" };

/** Whether entries can be appended to a file of this version (LoadedSession.fileVersion). */
export const canAppendTo = (fileVersion: number): boolean => fileVersion >= 3;

/** Why nothing can be appended to a file of this version, in `form`'s words; null when it can be. */
export function cannotAppendText(fileVersion: number, form: CannotAppendForm): string | null {
  if (canAppendTo(fileVersion)) return null;
  const file = oldSessionFileName(fileVersion);
  switch (form.kind) {
    case "guard":
      return `it is ${file}, which pi migrates by rewriting every id; fork it into a new v3 file instead (pi-explorer fork ${form.path})`;
    case "cli":
      return `it is ${file}, which pi migrates by rewriting every id; nothing was written. Fork it into a new v3 file instead: pi-explorer fork ${form.path}`;
    case "app":
      return `This is ${file}; pi-explorer appends only to v3 files, as pi writes them. Shift+F in the tree forks the path into a new v3 file you can write to.`;
    case "app-note":
      return `${fileVersion === 1 || fileVersion === 2 ? `a v${fileVersion} file` : "an old file"} is never appended to: fork it into a v3 file first (Shift+F in the tree)`;
  }
}
