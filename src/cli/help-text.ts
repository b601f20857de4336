// Help screens, built from the command registry so a new command documents itself.
import type { Command, OptionSpec } from "./command.js";
import { GLOBAL_OPTIONS } from "./global-options.js";
import { formatTable } from "./text/table.js";

function optionRows(options: Record<string, OptionSpec>): string[][] {
  return Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.type === "string" ? ` ${spec.valueName ?? "VALUE"}` : ""}`;
    return [`  ${flag}`, spec.help];
  });
}

/** Two aligned columns without a header row. */
const twoColumns = (rows: string[][]): string[] => formatTable(["", ""], rows, ["left", "left"]).slice(1);

export function mainHelp(commands: readonly Command[]): string[] {
  return [
    "pi-explorer: explore pi coding-agent session files (tree, context, compaction and branch previews)",
    "",
    "Usage:",
    ...formatTable(
      ["  pi-explorer [FILE]", "open the explorer on FILE, or on this directory's sessions (or a demo)"],
      [["  pi-explorer <command> [options]", "scriptable commands; --json prints one JSON document"]],
      ["left", "left"],
    ),
    "",
    "Commands:",
    ...formatTable(["  command", "what it does"], commands.map((c) => [`  ${c.name}`, c.summary]), ["left", "left"]).slice(1),
    "",
    "Options for every command:",
    ...twoColumns(optionRows(GLOBAL_OPTIONS)),
    "",
    "Exit codes: 0 success (even with damaged lines), 2 usage error, 3 unreadable file.",
    'Run "pi-explorer help <command>" for the options of one command.',
  ];
}

export function commandHelp(command: Command): string[] {
  const own = optionRows(command.options);
  return [
    `pi-explorer ${command.usage}`,
    "",
    command.summary,
    ...(own.length > 0 ? ["", "Options:", ...twoColumns(own)] : []),
    "",
    "Options for every command:",
    ...twoColumns(optionRows(GLOBAL_OPTIONS)),
  ];
}
