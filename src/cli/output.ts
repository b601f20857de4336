// Where a command's answer goes: one JSON document (with --json) or readable text lines, on stdout.
// Problems found in the session (diagnostics) go to stderr in text mode so stdout stays the answer.

export interface Output {
  /** true when --json was given: the command prints exactly one JSON document. */
  readonly json: boolean;
  /** Terminal width for text output; undefined when stdout is not a terminal (no truncation). */
  readonly width: number | undefined;
  /** Print the one JSON document (2-space indent, newline at the end). */
  writeJson(doc: unknown): void;
  /** Print text lines as they are (callers sanitize session text before it gets here). */
  writeLines(lines: readonly string[]): void;
  /** A line on stderr (warnings, diagnostics in text mode). */
  warn(line: string): void;
}

export interface Streams {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stdout's columns when it is a terminal. */
  columns?: number;
}

const LINES_PER_WRITE = 2000;

export function createOutput(streams: Streams, json: boolean): Output {
  return {
    json,
    width: streams.columns,
    writeJson: (doc) => streams.stdout(`${JSON.stringify(doc, null, 2)}\n`),
    writeLines: (lines) => {
      // In slices: one string of a 100,000-row tree would cost more in garbage collection than in printing.
      for (let i = 0; i < lines.length; i += LINES_PER_WRITE) {
        streams.stdout(`${lines.slice(i, i + LINES_PER_WRITE).join("\n")}\n`);
      }
    },
    warn: (line) => streams.stderr(`${line}\n`),
  };
}
