// `pi-explorer export FILE [--leaf ID] [--format md|html] [--out PATH] [--context]`: the path to an
// entry (or the context pi would send at it) as Markdown or one self-contained HTML file. Prints to
// stdout without --out; with --out it creates that one file and refuses to replace one without --force.
import { ExportWriteError, exportDocument, exportHtml, exportMarkdown, isValidTimeZone, writeExportFile } from "../../engine/index.js";
import type { Command } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { fileArgument, stringOption } from "../option-values.js";

const USAGE = "export FILE [--leaf ID] [--format md|html] [--out PATH [--force]] [--context] [--no-thinking]";

export const exportCommand: Command = {
  name: "export",
  summary: "the path to an entry (or the context at it) as Markdown or self-contained HTML",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "export the path to this entry instead of the file's leaf" },
    format: { type: "string", valueName: "md|html", help: "Markdown (default) or one HTML file that runs no script and loads nothing" },
    out: { type: "string", valueName: "PATH", help: "write this file (created new; default: stdout)" },
    force: { type: "boolean", help: "with --out: replace an existing file" },
    context: { type: "boolean", help: "what pi would send the model at that entry (summaries in place of what they replaced)" },
    "no-thinking": { type: "boolean", help: "leave thinking out (default: folded)" },
  },
  run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const format = stringOption(ctx, "format") ?? (stringOption(ctx, "out")?.endsWith(".html") ? "html" : "md");
    if (format !== "md" && format !== "html") throw usageError(`--format must be md or html, not "${format}"`);
    if (ctx.out.json) throw usageError("export writes Markdown or HTML; --json does not apply");
    const out = stringOption(ctx, "out");
    if (ctx.values.force === true && out === undefined) throw usageError("--force needs --out");
    const session = openSession(file, ctx.profile);
    const targetId = resolveLeaf(session, stringOption(ctx, "leaf"));
    const doc = exportDocument({ tree: session.tree, file, targetId, context: ctx.values.context === true, profile: ctx.profile });
    const timeZone = ctx.env.TZ && isValidTimeZone(ctx.env.TZ) ? ctx.env.TZ : undefined;
    const options = { thinking: ctx.values["no-thinking"] === true ? ("omit" as const) : ("fold" as const), timeZone };
    const text = format === "html" ? exportHtml(doc, options) : exportMarkdown(doc, options);
    if (out === undefined) {
      ctx.out.writeLines([text.replace(/\n$/, "")]);
    } else {
      try {
        writeExportFile(out, text, { force: ctx.values.force === true, sourcePath: file });
      } catch (error) {
        if (error instanceof ExportWriteError) throw error.reason === "failed" ? new CliError(error.message, 3) : usageError(error.message);
        throw error;
      }
      ctx.out.warn(`wrote ${out} (${format === "html" ? "HTML" : "Markdown"}, ${doc.items.length} items)`);
    }
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};
