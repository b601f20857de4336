// Where a command's answer goes: one JSON document (with --json) or readable text lines, on stdout.
// Problems found in the session (diagnostics) go to stderr in text mode so stdout stays the answer.
import { stringifyJson } from "../engine/index.js";

// Valid in JSON strings but acted on by a terminal the JSON is printed to (C1 controls such as CSI and
// OSC, DEL), or reordering or breaking what is shown (bidi controls, line and paragraph separators).
// Outside strings JSON text is plain ASCII, so every one of them is inside a string and may be escaped.
const TERMINAL_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeUnicode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** The JSON text of a document as --json prints it: 2-space indent, any depth, terminal-unsafe characters as \u escapes. */
export const jsonDocumentText = (doc: unknown): string => `${(stringifyJson(doc, 2) ?? "null").replace(TERMINAL_UNSAFE, escapeUnicode)}\n`;

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
  /** A progress line on stderr: rewritten in place on a terminal (null clears it), else printed as a line. */
  progress(line: string | null): void;
  /** stderr is a terminal. */
  readonly interactive: boolean;
}

export interface Streams {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stdout's columns when it is a terminal. */
  columns?: number;
  /** stderr is a terminal (progress lines are rewritten in place). */
  stderrIsTTY?: boolean;
}

const LINES_PER_WRITE = 2000;

export function createOutput(streams: Streams, json: boolean): Output {
  // A progress line drawn in place on a terminal: a warning printed meanwhile clears it first, or the two would share a line.
  let progressUp = false;
  return {
    json,
    width: streams.columns,
    writeJson: (doc) => streams.stdout(jsonDocumentText(doc)),
    writeLines: (lines) => {
      // In slices: one string of a 100,000-row tree would cost more in garbage collection than in printing.
      for (let i = 0; i < lines.length; i += LINES_PER_WRITE) {
        streams.stdout(`${lines.slice(i, i + LINES_PER_WRITE).join("\n")}\n`);
      }
    },
    warn: (line) => {
      streams.stderr(progressUp ? `\r\x1b[K${line}\n` : `${line}\n`);
      progressUp = false;
    },
    progress: (line) => {
      if (streams.stderrIsTTY) {
        streams.stderr(line === null ? "\r\x1b[K" : `\r\x1b[K${line}`);
        progressUp = line !== null;
      } else if (line !== null) streams.stderr(`${line}\n`);
    },
    interactive: streams.stderrIsTTY === true,
  };
}
