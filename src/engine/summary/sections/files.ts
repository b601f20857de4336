// [Files And Changes] (vcc.md §2.4.3): paths touched by tool calls (any letter case), plus pi's own
// file lists, grouped as Modified / Created / Read. Symbol annotations are not produced.
import type { Block } from "../blocks.js";
import { isCreateTool, isReadTool, isWriteTool, pathArgument } from "../blocks.js";
import { relativeToCwd } from "../text.js";
import type { FileLists } from "../../compaction/file-ops.js";

const FILES_SHOWN_PER_CATEGORY = 10;
const CATEGORIES = ["Modified", "Created", "Read"] as const;
export type FileCategory = (typeof CATEGORIES)[number];

/** Ordered, de-duplicated paths per category. */
export type FileGroups = Record<FileCategory, string[]>;

export function collectFileGroups(blocks: readonly Block[], fileLists: FileLists | undefined, cwd: string | undefined): FileGroups {
  const read = new Set<string>();
  const created = new Set<string>();
  const modified = new Set<string>();
  for (const block of blocks) {
    if (block.kind !== "tool_call") continue;
    const raw = pathArgument(block.args);
    if (raw === undefined) continue;
    const path = relativeToCwd(raw, cwd);
    if (isWriteTool(block.name)) {
      // A file first brought into being by a create tool counts as created, later edits included.
      if (isCreateTool(block.name) && !modified.has(path) && !read.has(path)) created.add(path);
      else if (!created.has(path)) modified.add(path);
    } else if (isReadTool(block.name)) {
      read.add(path);
    }
  }
  for (const f of fileLists?.modifiedFiles ?? []) {
    const path = relativeToCwd(f, cwd);
    if (!created.has(path)) modified.add(path);
  }
  for (const f of fileLists?.readFiles ?? []) read.add(relativeToCwd(f, cwd));
  return normalizeGroups({ Modified: [...modified], Created: [...created], Read: [...read] });
}

/** Created loses what is Modified; Read loses what is Modified or Created. */
function normalizeGroups(groups: FileGroups): FileGroups {
  const modified = new Set(groups.Modified);
  const created = groups.Created.filter((p) => !modified.has(p));
  const written = new Set([...modified, ...created]);
  return { Modified: groups.Modified, Created: created, Read: groups.Read.filter((p) => !written.has(p)) };
}

export function renderFileGroups(groups: FileGroups): string[] {
  const items: string[] = [];
  for (const category of CATEGORIES) {
    const paths = groups[category];
    if (paths.length === 0) continue;
    const shown = paths.slice(0, FILES_SHOWN_PER_CATEGORY).join(", ");
    const more = paths.length > FILES_SHOWN_PER_CATEGORY ? ` (+${paths.length - FILES_SHOWN_PER_CATEGORY} more)` : "";
    items.push(`${category}: ${shown}${more}`);
  }
  return items;
}

/** Reads rendered items back (for merging); `(+N more)` tails are dropped. */
export function parseFileGroups(items: readonly string[]): FileGroups {
  const groups: FileGroups = { Modified: [], Created: [], Read: [] };
  for (const item of items) {
    for (const category of CATEGORIES) {
      const prefix = `${category}: `;
      if (!item.startsWith(prefix)) continue;
      const body = item.slice(prefix.length).replace(/ \(\+\d{1,9} more\)$/, "");
      for (const p of body.split(", ")) if (p !== "") groups[category].push(p);
    }
  }
  return groups;
}

/** Union per category in first-seen order (earlier summary first). */
export function unionFileGroups(a: FileGroups, b: FileGroups): FileGroups {
  const merged: FileGroups = { Modified: [], Created: [], Read: [] };
  for (const category of CATEGORIES) merged[category] = [...new Set([...a[category], ...b[category]])];
  return normalizeGroups(merged);
}
