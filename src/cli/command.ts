// What a subcommand is. One file per command in commands/, listed in commands/index.ts.
import type { PiProfile } from "../engine/index.js";
import type { Output } from "./output.js";

/** One option of a command, in node:util parseArgs terms plus the help text. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** Shown in help, e.g. "ID". Only for string options. */
  valueName?: string;
  help: string;
}

/** Everything a command may use; it never reads process itself, so tests can run it in-process. */
export interface CommandContext {
  /** Positional arguments after the command name. */
  positionals: string[];
  /** Parsed option values (strings for string options, true for given booleans). */
  values: Record<string, string | boolean | undefined>;
  profile: PiProfile;
  out: Output;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  now: Date;
}

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Synopsis after "pi-explorer ", e.g. "context FILE [--leaf ID]". */
  usage: string;
  options: Record<string, OptionSpec>;
  /** Whether these options make it build the index of every session (the process tunes itself for that). */
  indexesEverySession?(values: CommandContext["values"]): boolean;
  /** Returns the exit code (0 on success). Throws CliError for usage errors and unreadable files. */
  run(ctx: CommandContext): Promise<number> | number;
}
