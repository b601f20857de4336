// `pi-explorer tree FILE`: the session tree as pi's /tree draws it, with ids, labels and the active path.
import { getBranch, TREE_FILTER_MODES, type TreeFilterMode } from "../../engine/index.js";
import type { Command } from "../command.js";
import { usageError } from "../errors.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { fileArgument, stringOption } from "../option-values.js";
import { renderTreeText } from "../text/tree-text.js";
import { treeJson } from "./tree-json.js";

const USAGE = "tree FILE [--leaf ID] [--filter MODE]";

export const treeCommand: Command = {
  name: "tree",
  summary: "the session tree (branches, labels, compactions), active path marked with •",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "mark the path to this entry instead of the file's leaf" },
    filter: { type: "string", valueName: "MODE", help: `rows to show, as pi's /tree filters: ${TREE_FILTER_MODES.join(", ")} (text only)` },
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
        activePathLength: getBranch(session.tree, leafId).length,
        filter,
        home: ctx.home,
        width: ctx.out.width,
      }),
    );
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

function treeFilter(value: string | undefined): TreeFilterMode {
  if (value === undefined) return "default";
  if ((TREE_FILTER_MODES as readonly string[]).includes(value)) return value as TreeFilterMode;
  throw usageError(`--filter must be one of ${TREE_FILTER_MODES.join(", ")}, not "${value}"`);
}
