// AssemblyScript, compiled to WebAssembly by build/wasm-modules.mjs (not by tsc): a long session
// line with the text no reader of the recall index takes cut out of it before it is parsed.
// recall/line-cut.ts drives it and says why; what may be cut is decided here, on the line's bytes:
//
// - every string value under an entry's message.details (nothing reads a message's details);
// - the value of "data" in an element of message.content (an image's bytes: nothing reads them);
// - past its first `keep` bytes, the value of "text" in an element of message.content, when the
//   message's role is "toolResult" and its isError is not true (a tool's output is indexed only up
//   to a cap). The host checks those conditions again on the parsed entry.
//
// A cut is made only where the line parses after it exactly as before: the bytes taken out are
// inside one string, begin at the start of a char or escape, end at the string's closing quote,
// and hold no raw control char and no invalid escape (either would make the whole line fail to
// parse, which the cut would hide). Keys are compared byte for byte: a key written with an escape
// is taken for one that matters to nobody, so its value is never cut.

const NONE: u32 = 0xffffffff;
const QUOTE: u32 = 0x22;
const BACKSLASH: u32 = 0x5c;
const MAX_DEPTH: u32 = 64;
const MAX_CUTS: u32 = 256;

// What a container is.
const C_OTHER: u8 = 0;
const C_TOP: u8 = 1;
const C_MESSAGE: u8 = 2;
const C_CONTENT: u8 = 3;
const C_BLOCK: u8 = 4;
const C_DETAILS: u8 = 5;

// What the value of an object's current key is.
const V_OTHER: u8 = 0;
const V_MESSAGE: u8 = 1;
const V_DETAILS: u8 = 2;
const V_CONTENT: u8 = 3;
const V_ROLE: u8 = 4;
const V_IS_ERROR: u8 = 5;
const V_DATA: u8 = 6;
const V_TEXT: u8 = 7;
const V_BLOCK: u8 = 8;

const quotes = i8x16.splat(0x22);
const backslashes = i8x16.splat(0x5c);
const spaces = i8x16.splat(0x20);

// Per open container (index: depth - 1).
let isArray: usize = 0;
let classOf: usize = 0;
let expectKey: usize = 0;
let valueOf: usize = 0;
/** Arrays: the index of the current element. Blocks: their index in message.content. */
let indexOf: usize = 0;
// The cuts found: [from, to, block or -1].
let cutFrom: usize = 0;
let cutTo: usize = 0;
let cutBlock: usize = 0;
let cuts: u32 = 0;
/** Content indexes of the texts cut past their first bytes, as `cut` left them. */
let kept: usize = 0;
let keptCount: u32 = 0;

let input: usize = 0;
let inputCap: u32 = 0;
/** Per byte after a backslash: the length of the escape it makes (0: none). */
let escapeLengths: usize = 0;

// What scanString found of the string it read.
let strEscaped = false;
let strKeepAt: u32 = NONE;

/** New pages at the top of memory (nothing is given back: a grown input area leaves the old one behind, and the host drops an instance grown for one huge line). */
function alloc(size: u32): usize {
  const at = <usize>memory.size() << 16;
  const pages = <i32>((size + 0xffff) >> 16);
  if (memory.grow(pages) < 0) unreachable();
  return at;
}

export function init(): void {
  const base = alloc(MAX_DEPTH * 8 + MAX_CUTS * 16 + 256);
  isArray = base;
  classOf = isArray + MAX_DEPTH;
  expectKey = classOf + MAX_DEPTH;
  valueOf = expectKey + MAX_DEPTH;
  indexOf = valueOf + MAX_DEPTH;
  cutFrom = indexOf + MAX_DEPTH * 4;
  cutTo = cutFrom + MAX_CUTS * 4;
  cutBlock = cutTo + MAX_CUTS * 4;
  kept = cutBlock + MAX_CUTS * 4;
  escapeLengths = kept + MAX_CUTS * 4;
  const twoBytes = "\"\\/bfnrt";
  for (let k = 0; k < twoBytes.length; k++) store<u8>(escapeLengths + <usize>twoBytes.charCodeAt(k), 2);
  store<u8>(escapeLengths + 117, 6);
}

/** Where the host writes the line (`bytes` long): valid until the next call. */
export function inputArea(bytes: u32): usize {
  // Sixteen bytes are read at a time: the last may reach past the line.
  if (bytes + 16 > inputCap) {
    inputCap = max(bytes + 16, max(inputCap << 1, 1 << 16));
    input = alloc(inputCap);
  }
  return input;
}

export function keptBlocks(): usize {
  return kept;
}

export function keptBlockCount(): u32 {
  return keptCount;
}

@inline function byteAt(i: u32): u32 {
  return <u32>load<u8>(input + <usize>i);
}

/** Bits of the 16 bytes at `at` that are a quote, a backslash or a control char. */
@inline function specialsAt(at: u32): u32 {
  const v = v128.load(input + <usize>at);
  return <u32>i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, quotes), i8x16.eq(v, backslashes)), i8x16.lt_u(v, spaces)));
}

@inline function isHex(c: u32): bool {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
}

/** The first place at or past `at` (where no escape is open) that no multi-byte char has begun before. */
function charStart(at: u32, n: u32): u32 {
  while (at < n && (byteAt(at) & 0xc0) == 0x80) at++;
  return at;
}

/**
 * Reads the string whose first byte is at `from` (just past its opening quote), sixteen bytes at a
 * time; answers the index of its closing quote, or NONE when the line ends first or the string is
 * invalid (a raw control char, a bad escape). Sets strEscaped (it holds an escape)
 * and strKeepAt: the first place at or past `keepFrom` where a char or escape begins (NONE when the
 * string ends before).
 */
function scanString(from: u32, n: u32, keepFrom: u32): u32 {
  strEscaped = false;
  strKeepAt = NONE;
  // Bytes before `i` are read; `base` is where the current sixteen begin.
  let i = from;
  let base = from;
  while (base < n) {
    let bits = specialsAt(base);
    let next = base + 16;
    while (bits != 0) {
      const j = base + ctz(bits);
      if (j >= n) return NONE;
      // [i, j) holds no escape.
      if (strKeepAt == NONE && j > keepFrom) strKeepAt = charStart(keepFrom, j);
      const c = byteAt(j);
      if (c == QUOTE) return j;
      if (c < 0x20 || j + 1 >= n) return NONE;
      strEscaped = true;
      // 2 for \" \\ \/ \b \f \n \r \t, 6 for \u, 0 for no escape.
      const length = <u32>load<u8>(escapeLengths + <usize>byteAt(j + 1));
      if (length == 0 || (length == 6 && !(j + 6 <= n && isHex(byteAt(j + 2)) && isHex(byteAt(j + 3)) && isHex(byteAt(j + 4)) && isHex(byteAt(j + 5))))) return NONE;
      i = j + length;
      if (strKeepAt == NONE && i > keepFrom) strKeepAt = i;
      if (i - base >= 16) {
        next = i;
        break;
      }
      // The escape's own bytes are not specials.
      bits &= ~((<u32>1 << (i - base)) - 1);
    }
    if (strKeepAt == NONE && next > keepFrom && next == base + 16) strKeepAt = charStart(keepFrom, n);
    base = next;
  }
  return NONE;
}

@inline function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

function skipSpace(i: u32, n: u32): u32 {
  while (i < n && isSpace(byteAt(i))) i++;
  return i;
}

/** input[from, to) holds exactly the ASCII `word`. */
function isWord(from: u32, to: u32, word: string): bool {
  if (to - from != <u32>word.length) return false;
  for (let k = 0; k < word.length; k++) if (byteAt(from + <u32>k) != <u32>word.charCodeAt(k)) return false;
  return true;
}

/** What the value of key input[from, to) is, in a container of class `cls` (a key with an escape: nothing). */
function keyValue(cls: u8, from: u32, to: u32): u8 {
  if (strEscaped) return V_OTHER;
  if (cls == C_TOP) return isWord(from, to, "message") ? V_MESSAGE : V_OTHER;
  if (cls == C_MESSAGE) {
    if (isWord(from, to, "details")) return V_DETAILS;
    if (isWord(from, to, "content")) return V_CONTENT;
    if (isWord(from, to, "role")) return V_ROLE;
    if (isWord(from, to, "isError")) return V_IS_ERROR;
    return V_OTHER;
  }
  if (cls == C_BLOCK) {
    if (isWord(from, to, "data")) return V_DATA;
    if (isWord(from, to, "text")) return V_TEXT;
  }
  return V_OTHER;
}

/** The class of a container opened (`array` or not) as a value `value`. */
function containerClass(value: u8, array: bool): u8 {
  if (value == V_DETAILS) return C_DETAILS;
  if (value == V_MESSAGE && !array) return C_MESSAGE;
  if (value == V_CONTENT && array) return C_CONTENT;
  if (value == V_BLOCK && !array) return C_BLOCK;
  return C_OTHER;
}

function addCut(from: u32, to: u32, block: i32): void {
  if (cuts == MAX_CUTS) return;
  store<u32>(cutFrom + (<usize>cuts << 2), from);
  store<u32>(cutTo + (<usize>cuts << 2), to);
  store<i32>(cutBlock + (<usize>cuts << 2), block);
  cuts++;
}

/**
 * Cuts the line input[0, n) in place; answers its new length, or -1 when nothing was cut (the
 * line is then parsed as it is). `keep`: the bytes of a tool's output kept; `minCut`: the fewest
 * bytes worth a cut.
 */
export function cut(n: u32, keep: u32, minCut: u32): i32 {
  cuts = 0;
  keptCount = 0;
  let toolResult = false;
  let errorTrue = false;
  let i = skipSpace(0, n);
  if (i >= n || byteAt(i) != 0x7b) return -1;
  let depth: u32 = 1;
  store<u8>(isArray, 0);
  store<u8>(classOf, C_TOP);
  store<u8>(expectKey, 1);
  i++;
  while (depth > 0) {
    i = skipSpace(i, n);
    if (i >= n) return -1;
    const c = byteAt(i);
    const top = <usize>(depth - 1);
    const array = load<u8>(isArray + top) != 0;
    const cls = load<u8>(classOf + top);
    // Closers and commas are taken wherever they come: a line where they stand wrong does not parse, cut or not.
    if (c == 0x7d || c == 0x5d) {
      depth--;
      i++;
      if (depth > 0) valueDone(depth - 1);
      continue;
    }
    if (c == 0x2c) {
      if (array) store<u32>(indexOf + (top << 2), load<u32>(indexOf + (top << 2)) + 1);
      i++;
      continue;
    }
    let value: u8 = V_OTHER;
    if (!array) {
      if (load<u8>(expectKey + top) != 0) {
        if (c != QUOTE) return -1;
        const end = scanString(i + 1, n, NONE);
        if (end == NONE) return -1;
        store<u8>(valueOf + top, keyValue(cls, i + 1, end));
        i = skipSpace(end + 1, n);
        if (i >= n || byteAt(i) != 0x3a) return -1;
        i++;
        store<u8>(expectKey + top, 0);
        continue;
      }
      value = load<u8>(valueOf + top);
      if (cls == C_DETAILS) value = V_DETAILS;
    } else if (cls == C_CONTENT) value = V_BLOCK;
    else if (cls == C_DETAILS) value = V_DETAILS;
    if (c == 0x7b || c == 0x5b) {
      if (depth == MAX_DEPTH) return -1;
      const d = <usize>depth;
      const opensArray = c == 0x5b;
      store<u8>(isArray + d, opensArray ? 1 : 0);
      store<u8>(classOf + d, containerClass(value, opensArray));
      store<u8>(expectKey + d, 1);
      // A block remembers its place in content; an array counts its elements from 0.
      store<u32>(indexOf + (d << 2), value == V_BLOCK ? load<u32>(indexOf + (top << 2)) : 0);
      depth++;
      i++;
      continue;
    }
    if (c == QUOTE) {
      const cutsText = value == V_TEXT && load<u8>(classOf + top) == C_BLOCK;
      const end = scanString(i + 1, n, cutsText ? i + 1 + keep : NONE);
      if (end == NONE) return -1;
      if (value == V_DETAILS || value == V_DATA) {
        if (end - (i + 1) >= minCut) addCut(i + 1, end, -1);
      } else if (cutsText) {
        if (strKeepAt != NONE && end - strKeepAt >= minCut) addCut(strKeepAt, end, <i32>load<u32>(indexOf + (top << 2)));
      } else if (value == V_ROLE) toolResult = !strEscaped && isWord(i + 1, end, "toolResult");
      i = end + 1;
      valueDone(depth - 1);
      continue;
    }
    // A number, true, false or null: up to the next delimiter.
    const start = i;
    while (i < n) {
      const b = byteAt(i);
      if (b == 0x2c || b == 0x7d || b == 0x5d || isSpace(b)) break;
      i++;
    }
    if (i == start) return -1;
    if (value == V_IS_ERROR) errorTrue = byteAt(start) == 116;
    valueDone(depth - 1);
  }
  return compact(n, toolResult && !errorTrue);
}

/** A value of the container at `at` was read: an object's next key comes. */
@inline function valueDone(at: u32): void {
  if (load<u8>(isArray + <usize>at) == 0) store<u8>(expectKey + <usize>at, 1);
}

/** Takes the cuts out of input[0, n), the tool outputs' only when `texts`; answers the new length or -1. */
function compact(n: u32, texts: bool): i32 {
  let w: u32 = NONE;
  let r: u32 = 0;
  for (let k: u32 = 0; k < cuts; k++) {
    const block = load<i32>(cutBlock + (<usize>k << 2));
    if (block >= 0 && !texts) continue;
    const from = load<u32>(cutFrom + (<usize>k << 2));
    const to = load<u32>(cutTo + (<usize>k << 2));
    if (w == NONE) w = from;
    else {
      memory.copy(input + <usize>w, input + <usize>r, from - r);
      w += from - r;
    }
    r = to;
    if (block >= 0) {
      store<i32>(kept + (<usize>keptCount << 2), block);
      keptCount++;
    }
  }
  if (w == NONE) return -1;
  memory.copy(input + <usize>w, input + <usize>r, n - r);
  return <i32>(w + n - r);
}
