// Bytes -> text the way Node's utf8 decoding does it (invalid bytes become U+FFFD, a BOM is kept),
// plus which physical lines held invalid bytes, so a diagnostic can name them.
import { isAscii, isUtf8 } from "node:buffer";

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

export interface DecodedText {
  text: string;
  /** 1-based physical lines that contain bytes which are not valid UTF-8 (ascending). */
  invalidUtf8Lines: number[];
}

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  // ASCII read as latin1 is the same characters as a one-byte string: a copy, where the decoder
  // costs several times as much (node:buffer's checks are SIMD).
  if (isAscii(bytes)) return { text: asBuffer(bytes).toString("latin1"), invalidUtf8Lines: [] };
  // The strict decoder costs the same as a lenient one on valid input; only damaged files pay twice.
  try {
    return { text: strictDecoder.decode(bytes), invalidUtf8Lines: [] };
  } catch {
    return { text: lenientDecoder.decode(bytes), invalidUtf8Lines: findInvalidUtf8Lines(bytes) };
  }
}

/**
 * Decodes pieces of one byte array (its lines) exactly as decodeUtf8 decodes the whole and the
 * pieces are then cut from the text: no UTF-8 sequence, valid or not, spans a "\n" (0x0A is never
 * a continuation byte; the decoder ends a broken sequence before it with one U+FFFD, as it ends one
 * at the end of its input). A valid piece is decoded by node:buffer, an ASCII one as latin1.
 */
export class PieceDecoder {
  private readonly buf: Buffer;
  /** The whole array is valid UTF-8. */
  readonly valid: boolean;

  constructor(bytes: Uint8Array) {
    this.buf = asBuffer(bytes);
    this.valid = isUtf8(this.buf);
  }

  /** Where the next "\n" at or after `from` is, or -1. */
  indexOfNewline(from: number): number {
    return this.buf.indexOf(10, from);
  }

  /** The text of bytes [from, to). */
  decode(from: number, to: number): string {
    const buf = this.buf;
    if (!this.valid) return lenientDecoder.decode(buf.subarray(from, to));
    return decodeValidUtf8(buf, from, to);
  }
}

/** Bytes [from, to) of `buf`, known to be valid UTF-8, decoded as Node decodes them; ASCII as latin1 (the same characters, a third of the cost, a one-byte string). */
export function decodeValidUtf8(buf: Buffer, from: number, to: number): string {
  return buf.toString(isAscii(buf.subarray(from, to)) ? "latin1" : "utf8", from, to);
}

/** A Buffer over the same memory (no copy). */
export const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));

const isCont = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

/** WHATWG UTF-8 well-formedness, byte by byte. 0x0A never occurs inside a valid sequence. */
export function findInvalidUtf8Lines(bytes: Uint8Array): number[] {
  const lines: number[] = [];
  let line = 1;
  let i = 0;
  const n = bytes.length;
  const mark = (): void => {
    if (lines[lines.length - 1] !== line) lines.push(line);
  };
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      if (b === 0x0a) line++;
      i++;
      continue;
    }
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else {
      mark();
      i++;
      continue;
    }
    const second = bytes[i + 1];
    if (second === undefined || second < lo || second > hi) {
      mark();
      i++;
      continue;
    }
    let ok = true;
    for (let k = 2; k <= need; k++) {
      if (!isCont(bytes[i + k])) {
        ok = false;
        break;
      }
    }
    if (!ok) {
      mark();
      i++;
      continue;
    }
    i += need + 1;
  }
  return lines;
}
