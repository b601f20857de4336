// Shift+E in the tree: the path to the selected entry as one self-contained HTML file in the working
// directory, named after the session file and the entry. Never replaces a file: the next free name
// (-2, -3, …) is taken. Runs on the key press, not during a render.
import { basename, join } from "node:path";
import { ExportWriteError, exportDocument, exportHtml, writeExportFile, type PiProfile, type SessionTree } from "../../src/engine/index.js";

export type ExportOutcome = { ok: true; path: string; items: number } | { ok: false; message: string };

export function exportPathToHtml(tree: SessionTree, file: string, entryId: string, dir: string, profile: PiProfile): ExportOutcome {
  const doc = exportDocument({ tree, file, targetId: entryId, profile });
  const html = exportHtml(doc);
  const stem = `${basename(file).replace(/\.jsonl$/, "")}-${entryId}`.replace(/[^\w.-]+/g, "_");
  for (let n = 1; n <= 99; n++) {
    const path = join(dir, `${stem}${n === 1 ? "" : `-${n}`}.html`);
    try {
      writeExportFile(path, html, { sourcePath: file });
      return { ok: true, path, items: doc.items.length };
    } catch (error) {
      if (error instanceof ExportWriteError && error.reason === "exists") continue;
      return { ok: false, message: `Export failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { ok: false, message: `Export failed: ${stem}.html and 98 numbered names exist in ${dir}` };
}
