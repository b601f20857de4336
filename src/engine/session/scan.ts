// First pass over a session text: the JSON values pi would collect, each with its physical line,
// and a diagnostic for every line pi silently drops.
import type { Diagnostic, PiProfile } from "../types.js";
import { decodeUtf8 } from "./decode.js";
import { describeUnparsableLine } from "./damage.js";
import { forEachSessionLine, isBlankLine } from "./lines.js";

export interface SessionScan {
  /** The parsed values pi keeps, in file order (1.6 skips falsy values such as `null`; 0.73 keeps them). */
  values: unknown[];
  /** Physical line of each value. */
  lines: number[];
  diagnostics: Diagnostic[];
  /** Entry ids that were on dropped lines, with the line, so an orphan can name where its parent went. */
  lostIds: Map<string, number>;
  /** 1.6: the file does not end with "\n". */
  unterminatedTail: boolean;
  lastLine: number;
  /** The input had no characters at all (pi 1.6 initializes such a file instead of rejecting it). */
  empty: boolean;
  /** The decoded text, kept for pi 1.6's listing, which splits lines differently. */
  text: string;
}

export function scanSessionText(input: string | Uint8Array, profile: PiProfile): SessionScan {
  let text: string;
  let invalidUtf8Lines: number[] = [];
  if (typeof input === "string") text = input;
  else ({ text, invalidUtf8Lines } = decodeUtf8(input));

  const values: unknown[] = [];
  const lines: number[] = [];
  const diagnostics: Diagnostic[] = [];
  const lostIds = new Map<string, number>();
  for (const line of invalidUtf8Lines) {
    diagnostics.push({ line, problem: "invalid UTF-8 bytes; pi reads them as U+FFFD replacement characters" });
  }

  const walk = forEachSessionLine(text, profile, (line, lineNo) => {
    if (isBlankLine(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const damage = describeUnparsableLine(line, error);
      diagnostics.push({ line: lineNo, problem: damage.problem });
      for (const id of damage.lostIds) if (!lostIds.has(id)) lostIds.set(id, lineNo);
      return;
    }
    // pi 1.6's parseSessionEntryLine returns the value and the caller keeps only truthy ones.
    if (profile === "1.6" && !value) {
      diagnostics.push({ line: lineNo, problem: `${JSON.stringify(value)} is not an entry; pi drops this line` });
      return;
    }
    values.push(value);
    lines.push(lineNo);
  });
  return {
    values,
    lines,
    diagnostics,
    lostIds,
    unterminatedTail: walk.unterminatedTail,
    lastLine: walk.lastLine,
    empty: text.length === 0,
    text,
  };
}
