// Handing a file's bytes to pi 1.6's line scan: shared by the piecewise read (read.ts), the first
// look (first-look.ts) and the exact load of a first look's bytes, which runs in steps.
import { isUtf8 } from "node:buffer";
import { asBuffer, decodeValidUtf8 } from "../session/decode.js";
import { ChunkedSessionScan, type SessionLineScan } from "../session/scan.js";

export { asBuffer };

/**
 * Hand buf[from, end) (whole lines) to the scan. Valid UTF-8 is decoded line by line, ASCII lines as
 * latin1 (the same characters, a third of the cost, and one-byte strings for JSON.parse); a piece
 * with invalid bytes goes to the scan undecoded, which reports the lines and decodes like Node.
 */
export function pushLines(scan: ChunkedSessionScan, buf: Buffer, from: number, end: number): void {
  const piece = buf.subarray(from, end);
  if (!isUtf8(piece)) {
    scan.push(piece);
    return;
  }
  let at = from;
  while (at < end) {
    const nl = buf.indexOf(10, at);
    scan.pushLine(decodeLine(buf, at, nl));
    at = nl + 1;
  }
}

/** One line of valid UTF-8, decoded as Node decodes it. */
export const decodeLine = decodeValidUtf8;

/** Bytes scanned between two yields of scanBytesInSteps: a few milliseconds of parsing. */
const STEP_BYTES = 1 << 20;

/**
 * pi 1.6's scan of a whole file held in memory, the same as reading it piece by piece. It yields
 * after every piece of about `stepBytes`, so a caller can keep its event loop turning.
 */
export function* scanBytesInSteps(bytes: Uint8Array, stepBytes = STEP_BYTES): Generator<void, SessionLineScan> {
  const buf = asBuffer(bytes);
  const scan = new ChunkedSessionScan();
  let from = 0;
  while (from < buf.length) {
    let nl = buf.lastIndexOf(10, Math.min(from + stepBytes, buf.length) - 1);
    // A line longer than a step: the piece runs to its end.
    if (nl < from) nl = buf.indexOf(10, from);
    if (nl === -1) break;
    pushLines(scan, buf, from, nl + 1);
    from = nl + 1;
    yield;
  }
  return scan.finish(buf.subarray(from));
}

/** scanBytesInSteps in one go. */
export function scanBytes(bytes: Uint8Array): SessionLineScan {
  return finishSteps(scanBytesInSteps(bytes, Number.MAX_SAFE_INTEGER));
}

/** Run the remaining steps of a stepped computation and return its result. */
export function finishSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
