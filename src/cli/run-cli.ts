// Argument parsing and dispatch. Everything the CLI needs from the process is passed in, so tests
// can run it in-process; main.ts is the thin wrapper that supplies the real process.
import { sanitizeLine } from "../engine/index.js";
import { util } from "../host/lazy-builtins.js";
import type { Command, CommandContext, OptionSpec } from "./command.js";
import { COMMANDS, findCommand } from "./commands/index.js";
import { CliError, usageError } from "./errors.js";
import { GLOBAL_OPTIONS } from "./global-options.js";
import { commandHelp, mainHelp } from "./help-text.js";
import { parseProfile } from "./option-values.js";
import { createOutput, jsonDocumentText, type Streams } from "./output.js";

export interface CliEnvironment {
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  now: Date;
  streams: Streams;
  /** The package version, for --version. */
  version: string;
  /** Called once the command is known (`indexes`: it builds the index of every session, recall --all). */
  beforeCommand?: (how: { indexes: boolean }) => void;
}

type ParsedValues = Record<string, string | boolean | undefined>;

/**
 * Runs one command line and returns the exit code. Never throws; errors become one stderr line, and
 * with --json also one JSON document on stdout ({"error": {message, exitCode}}) when the command
 * printed none, so a script can always parse stdout.
 */
export async function runCli(argv: readonly string[], environment: CliEnvironment): Promise<number> {
  const watched = watchStreams(environment.streams);
  const watchedEnvironment = { ...environment, streams: watched.streams };
  let code: number;
  try {
    code = await dispatch([...argv], watchedEnvironment);
  } catch (error) {
    code = reportError(error, watchedEnvironment);
  }
  if (code !== 0 && jsonRequested(argv) && !watched.wroteStdout()) {
    environment.streams.stdout(jsonDocumentText({ error: { message: watched.lastProblem() ?? `failed with exit code ${code}`, exitCode: code } }));
  }
  return code;
}

/** --json among the options (before a "--"). */
function jsonRequested(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === "--") return false;
    if (arg === "--json") return true;
  }
  return false;
}

/** The streams, noting whether stdout got anything and the last line said on stderr. */
function watchStreams(streams: Streams): { streams: Streams; wroteStdout(): boolean; lastProblem(): string | undefined } {
  let wrote = false;
  let last: string | undefined;
  return {
    streams: {
      ...streams,
      stdout: (text) => {
        wrote = true;
        streams.stdout(text);
      },
      stderr: (text) => {
        const line = text.trimEnd().split("\n").at(-1);
        if (line) last = line.replace(/^pi-explorer: /, "");
        streams.stderr(text);
      },
    },
    wroteStdout: () => wrote,
    lastProblem: () => last,
  };
}

async function dispatch(argv: string[], environment: CliEnvironment): Promise<number> {
  const { streams } = environment;
  if (argv.length === 1 && argv[0] === "--version") {
    streams.stdout(`${environment.version}\n`);
    return 0;
  }
  const located = locateCommand(argv);
  if (located.name === "help") return printHelp(located.rest, environment);
  if (located.name === undefined) return launchFromArgs(argv, environment);

  const command = findCommand(located.name);
  if (!command) {
    throw usageError(`unknown command "${located.name}" (commands: ${COMMANDS.map((c) => c.name).join(", ")}, help)`);
  }
  const parsed = parseStrict(located.rest, { ...GLOBAL_OPTIONS, ...command.options }, command);
  if (parsed.values.help === true) {
    streams.stdout(`${commandHelp(command).join("\n")}\n`);
    return 0;
  }
  const ctx: CommandContext = {
    positionals: parsed.positionals,
    values: parsed.values,
    profile: parseProfile(parsed.values.pi),
    out: createOutput(streams, parsed.values.json === true),
    env: environment.env,
    cwd: environment.cwd,
    home: environment.home,
    now: environment.now,
  };
  environment.beforeCommand?.({ indexes: command.indexesEverySession?.(parsed.values) ?? false });
  return await command.run(ctx);
}

/**
 * The command is the first positional argument. A lenient pass that knows every option of every
 * command finds it, so `--pi 0.73 tree FILE` works (0.73 is --pi's value, not the command).
 * When that first positional is not a command name but looks like a session path, there is no command.
 */
function locateCommand(argv: string[]): { name: string | undefined; rest: string[] } {
  const everyOption: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS };
  for (const command of COMMANDS) Object.assign(everyOption, command.options);
  const { tokens } = util().parseArgs({
    args: argv,
    options: toParseArgsOptions(everyOption),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const first = tokens.find((t) => t.kind === "positional" || t.kind === "option-terminator");
  if (!first || first.kind !== "positional") return { name: undefined, rest: argv };
  const name = first.value;
  if (name !== "help" && !findCommand(name) && looksLikePath(name)) return { name: undefined, rest: argv };
  return { name, rest: argv.filter((_, i) => i !== first.index) };
}

function looksLikePath(arg: string): boolean {
  return arg.includes("/") || arg.includes("\\") || arg.endsWith(".jsonl") || arg.startsWith(".");
}

/** `pi-explorer [FILE] [--pi V]`: the interactive explorer. */
async function launchFromArgs(argv: string[], environment: CliEnvironment): Promise<number> {
  const parsed = parseStrict(argv, GLOBAL_OPTIONS, undefined);
  if (parsed.values.help === true) {
    environment.streams.stdout(`${mainHelp(COMMANDS).join("\n")}\n`);
    return 0;
  }
  if (parsed.values.json === true) throw usageError("--json needs a command (see pi-explorer --help)");
  if (parsed.positionals.length > 1) throw usageError(`unexpected argument "${parsed.positionals[1]}"`);
  const profile = parseProfile(parsed.values.pi);
  // Loaded only here: the Ink app and React take a second to import, which no CLI command should pay.
  const { launchApp } = await import("./launch-app.js");
  return await launchApp({ file: parsed.positionals[0], profile, cwd: environment.cwd, home: environment.home, env: environment.env });
}

function printHelp(rest: string[], environment: CliEnvironment): number {
  const topic = rest.find((a) => !a.startsWith("-"));
  if (topic === undefined) {
    environment.streams.stdout(`${mainHelp(COMMANDS).join("\n")}\n`);
    return 0;
  }
  const command = findCommand(topic);
  if (!command) throw usageError(`unknown command "${topic}"`);
  environment.streams.stdout(`${commandHelp(command).join("\n")}\n`);
  return 0;
}

function parseStrict(
  args: string[],
  options: Record<string, OptionSpec>,
  command: Command | undefined,
): { values: ParsedValues; positionals: string[] } {
  try {
    const { values, positionals } = util().parseArgs({ args: negativeValuesJoined(args, options), options: toParseArgsOptions(options), strict: true, allowPositionals: true });
    return { values: values as ParsedValues, positionals };
  } catch (error) {
    const reason = error instanceof Error ? firstSentence(error.message) : String(error);
    throw usageError(command ? `${command.name}: ${reason} (usage: pi-explorer ${command.usage})` : reason);
  }
}

/**
 * `--budget -1`: node's parser takes "-1" for an option and calls the argument ambiguous. A value that
 * looks like a negative number after an option that takes a value is that option's value (`--budget=-1`),
 * so the option's own check can say what is wrong with it.
 */
function negativeValuesJoined(args: string[], options: Record<string, OptionSpec>): string[] {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== "string") continue;
    takesValue.add(`--${name}`);
    if (spec.short) takesValue.add(`-${spec.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      out.push(...args.slice(i));
      break;
    }
    const next = args[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

function toParseArgsOptions(options: Record<string, OptionSpec>): Record<string, { type: "string" | "boolean"; short?: string }> {
  const result: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, spec] of Object.entries(options)) {
    result[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type };
  }
  return result;
}

// node's parse errors add a long hint after the first sentence; the first one says what is wrong.
function firstSentence(message: string): string {
  const cut = message.search(/\.\s/);
  return cut === -1 ? message : message.slice(0, cut + 1);
}

function reportError(error: unknown, environment: CliEnvironment): number {
  const { streams, env } = environment;
  if (error instanceof CliError) {
    streams.stderr(`pi-explorer: ${sanitizeLine(error.message)}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  streams.stderr(`pi-explorer: internal error: ${sanitizeLine(message.split("\n")[0] ?? "")}\n`);
  if (env.PI_EXPLORER_DEBUG === "1" && error instanceof Error && error.stack) streams.stderr(`${error.stack}\n`);
  return 1;
}
