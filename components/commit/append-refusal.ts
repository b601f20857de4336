// The app's side of the one "cannot append" decision (src/engine/commit/cannot-append.ts): the write
// flows (label, compaction, branch summary) say it before asking instead of after `y`.
import { cannotAppendText } from "../../src/engine/index.js";

/** The paragraph shown in place of the confirm step, or null when the file can be appended to. */
export const appendRefusal = (fileVersion: number): string | null => cannotAppendText(fileVersion, { kind: "app" });

/** The same verdict as one short row for a plan block (the branch flow's plan), or null. */
export const appendRefusalNote = (fileVersion: number): string | null => cannotAppendText(fileVersion, { kind: "app-note" });
