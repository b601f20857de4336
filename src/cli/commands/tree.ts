// `pi-explorer tree FILE`: the session tree as pi's /tree draws it, with ids, labels and the active path.
import { getBranch } from "../../engine/index.js";
import type { Command } from "../command.js";
import { usageError } from "../errors.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { fileArgument, stringOption } from "../option-values.js";
import { renderTreeText } from "../text/tree-text.js";
import { TREE_FILTERS, type TreeFilter } from "../text/tree-rows.js";
import { treeJson } from "./tree-json.js";

const USAGE = "tree FILE [--leaf ID] [--filter MODE]";

export const treeCommand: Command = {
  name: "tree",
  summary: "the session tree (branches, labels, compactions), active path marked with •",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "mark the path to this entry instead of the file's leaf" },
    filter: { type: "string", valueName: "MODE", help: `rows to show, as pi's /tree filters: ${TREE_FILTERS.join(", ")} (text only)` },
  },
  run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const filter = treeFilter(stringOption(ctx, "filter"));
    const session = openSession(file, ctx.profile);
    const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
    if (ctx.out.json) {
      ctx.out.writeJson(treeJson(session, leafId, ctx.profile));
      return 0;
    }
    ctx.out.writeLines(
      renderTreeText(session.tree, {
        file,
        leafId,
        activePathIds: getBranch(session.tree, leafId).map((e) => e.id),
        filter,
        home: ctx.home,
        width: ctx.out.width,
      }),
    );
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

function treeFilter(value: string | undefined): TreeFilter {
  if (value === undefined) return "default";
  if ((TREE_FILTERS as readonly string[]).includes(value)) return value as TreeFilter;
  throw usageError(`--filter must be one of ${TREE_FILTERS.join(", ")}, not "${value}"`);
}
