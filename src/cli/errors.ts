// The one error type the CLI throws on purpose. main turns it into a single line and an exit code.

/** 2: the command line is wrong. 3: the session file (or directory) cannot be read. 130: Ctrl+C at a question. */
export type CliExitCode = 2 | 3 | 130;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: CliExitCode,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string): CliError => new CliError(message, 2);
export const unreadableFile = (message: string): CliError => new CliError(message, 3);
