// Long session lines, read for a first build of the cross-session index, with the text no reader
// of the index takes cut out before they are parsed (wasm/line-cut.as.ts finds it and says what
// it is: a message's details, an image's bytes, a tool's output past what the index keeps of it).
// JSON.parse made a string of every byte of them: a screenshot's base64, megabytes in one line,
// took 3-4 ns a byte to parse, where the module copies and scans it at 0.2-0.3 (a session with
// screenshots prepares 1.5x as fast: bench, recall section). The line is cut in the module's
// memory and parsed from there; it parses as the whole line does (the same entry for every reader
// of a streamed read: the listing, the docs, the calls' paths), or fails as it does.
import { Buffer } from "node:buffer";
import { isRecord } from "../usage/figures.js";
import { TOOL_RESULT_CAP } from "./document.js";
import { LINE_CUT_WASM } from "./wasm/line-cut-binary.js";
import { instantiate } from "./wasm-instance.js";

interface LineCutExports {
  memory: { readonly buffer: ArrayBuffer };
  init(): void;
  inputArea(bytes: number): number;
  cut(bytes: number, keep: number, minCut: number): number;
  keptBlocks(): number;
  keptBlockCount(): number;
}

/** Shorter lines are parsed as they are: a cut would save less than the scan costs. */
export const LONG_LINE_BYTES = 16 * 1024;
/** Longer ones too: well short of V8's longest string (about 512 MB), past which the whole line could not be read, cut or not. */
const LONGEST_CUT_LINE = 256 * 1024 * 1024;
/** A tool output keeps this many bytes: a char takes at most 6 in JSON (\uXXXX), so it keeps more chars than the index's cap. */
const KEEP_BYTES = 6 * (TOOL_RESULT_CAP + 1);
/** Fewer bytes are not worth a cut. */
const MIN_CUT = 1024;

export interface CutLine {
  /** The line with the cuts made: a view of the module's memory, valid until the next cut. */
  bytes: Buffer;
  /** Indexes in message.content of the texts cut past their first bytes (see toolTextCutsHold). */
  toolTexts: number[];
}

/** An instance whose memory would grow past this for a line serves that line only: the rest of the process does not keep its size. */
const KEEP_INSTANCE_BYTES = 4 * 1024 * 1024;

let kept: LineCutExports | null = null;

function newCutter(): LineCutExports {
  const cutter = instantiate<LineCutExports>(LINE_CUT_WASM);
  cutter.init();
  return cutter;
}

/** `line` (complete, valid UTF-8, no line end) with the unread text cut out, or null when nothing is cut. */
export function cutUnreadText(line: Uint8Array): CutLine | null {
  if (line.length < LONG_LINE_BYTES || line.length > LONGEST_CUT_LINE) return null;
  const cutter = line.length > KEEP_INSTANCE_BYTES ? newCutter() : (kept ??= newCutter());
  const at = cutter.inputArea(line.length);
  new Uint8Array(cutter.memory.buffer, at, line.length).set(line);
  const length = cutter.cut(line.length, KEEP_BYTES, MIN_CUT);
  if (length < 0) return null;
  const buffer = cutter.memory.buffer;
  const blocks = new Int32Array(buffer, cutter.keptBlocks(), cutter.keptBlockCount());
  return { bytes: Buffer.from(buffer, at, length), toolTexts: Array.from(blocks) };
}

/**
 * Whether the tool outputs `cut` shortened are ones the index caps, in `entry` as parsed from the
 * cut line: a message that is a tool result and not an error, each shortened text in a text block
 * (the module judged that from the bytes; a key written twice can make JSON.parse take another).
 * When not, the line is parsed again whole.
 */
export function toolTextCutsHold(entry: unknown, cut: CutLine): boolean {
  if (!cut.toolTexts.length) return true;
  const message = isRecord(entry) ? entry.message : undefined;
  if (!isRecord(message) || message.role !== "toolResult" || message.isError === true || !Array.isArray(message.content)) return false;
  const content = message.content as unknown[];
  return cut.toolTexts.every((i) => {
    const block = content[i];
    return isRecord(block) && block.type === "text" && typeof block.text === "string";
  });
}
