// AssemblyScript, compiled to WebAssembly by build/wasm-modules.mjs (not by tsc): the words of a
// segment's docs counted into the cross-session index's rows (recall/cross-postings.ts PackedRows)
// as they are scanned. recall/word-rows.ts drives it and says why it exists; the scan is the one of
// term-table.ts (the per-session index's), and test/engine/recall-segment-rows.test.ts holds both to
// the same reference.
//
// Memory is managed here, not by AssemblyScript's runtime: everything is bump-allocated from the
// heap base, and reset() hands it all back for the next segment (an instance is reused file after
// file, so its pages are faulted in once). A region that outgrows its place moves to the top of the
// heap; the place it leaves is taken again only after reset.
//
// Words: runs of ASCII letters and digits (folded to lower case as they are read) and of non-ASCII
// code points the host calls word characters (wordPoint). A word holding a non-ASCII character is
// folded by the host (foldWord: lower case, composed), exactly as the query tokenizer does. Terms are keyed by their
// lower-cased UTF-8 bytes; ids are given in first-occurrence order.
//
// The scan takes a text 64 bytes at a time (SIMD): ASCII folded to lower case, and a bit per byte
// for ASCII word bytes and for bytes of multi-byte chars; an ASCII word is then found from the bits,
// and only a word at or before a multi-byte char is read char by char. A term's first 8 bytes
// (its key) sit in its hash slot, so a word of up to 7 bytes (most are) is known there without
// reading the term's bytes. Scanning a byte at a time with a hash of each byte took half of the
// 50 ns a word cost (bench folder); this takes about 34.

@external("env", "wordPoint")
declare function wordPoint(point: u32): u32;
/** Folds the word input[start, end) into the fold area (tokenize.ts foldTerm: lower case, composed); returns its length in bytes. */
@external("env", "foldWord")
declare function foldWord(start: u32, end: u32): u32;

/** CLASS value of a byte of a multi-byte character (every other value < 0x80 is a lower-case word byte, 0 not a word). */
const NON_ASCII: u32 = 0x80;
/** Bytes of the longest varint (a 32-bit value): a block with fewer left is closed. */
const VARINT_MAX: u32 = 5;
const FIRST_BLOCK: u32 = 16;
const MAX_BLOCK: u32 = 8192;
/** A block: [next block, bytes written once closed] then its bytes. */
const BLOCK_HEADER: u32 = 8;
/** A hash slot, 16 bytes (1 << SLOT_SHIFT): the term's key (first 8 bytes), its id + 1 (0: empty), its hash. */
const SLOT_SHIFT: u32 = 4;
const SLOT_KEY = 0;
const SLOT_ID = 8;
const SLOT_HASH = 12;
/** Per term, 16 u32 (one cache line): see the REC_ offsets. */
const REC_SIZE: u32 = 64;
const REC_POOL = 0;
const REC_LEN = 4;
const REC_TF = 8;
const REC_LAST_POS = 12;
const REC_LAST_DOC = 16;
const REC_DF = 20;
/** Two chains a term, its postings then its positions, each: [at, end, first block, last block]. */
const REC_POSTINGS = 24;
const REC_POSITIONS = 40;
const CHAIN_AT = 0;
const CHAIN_END = 4;
const CHAIN_FIRST = 8;
const CHAIN_LAST = 12;
/** Room for a folded word: 64 UTF-16 units, each at most 3 of lower case, 3 bytes each. */
const FOLD_SIZE: u32 = 1024;

// Fixed for the instance's life (set by init).
let classTable: usize = 0;
/** Per BMP code point: 0 not asked yet, 1 a word character, 2 not. */
let wordness: usize = 0;
let foldArea: usize = 0;
let heapBase: usize = 0;
let maxTermLength: u32 = 64;

// The segment's state (set by reset).
let heapTop: usize = 0;
let input: usize = 0;
let inputCap: u32 = 0;
let wordBits: usize = 0;
let highBits: usize = 0;
let slots: usize = 0;
let slotMask: u32 = 0;
/** A hash's slot is its top bits: 32 - this many of them. */
let slotShift: u32 = 0;
let recs: usize = 0;
let recCap: u32 = 0;
let terms: u32 = 0;
let pool: usize = 0;
let poolCap: u32 = 0;
let poolLen: u32 = 0;
let touched: usize = 0;
let touchedCount: u32 = 0;
let openDoc: i32 = -1;
let nextPos: u32 = 0;

function alloc(size: u32): usize {
  const at = (heapTop + 63) & ~(<usize>63);
  const top = at + <usize>size;
  const have = <usize>memory.size() << 16;
  if (top > have) {
    const pages = <i32>((top - have + 0xffff) >> 16);
    if (memory.grow(max(pages, memory.size())) < 0 && memory.grow(pages) < 0) unreachable();
  }
  heapTop = top;
  return at;
}

function moved(from: usize, used: u32, size: u32): usize {
  const to = alloc(size);
  memory.copy(to, from, used);
  return to;
}

export function init(maxTerm: u32): void {
  maxTermLength = maxTerm;
  heapBase = __heap_base;
  heapTop = heapBase;
  classTable = alloc(256);
  for (let b: u32 = 0; b < 256; b++) {
    let c: u32 = 0;
    if (b >= 128) c = NON_ASCII;
    else if ((b >= 97 && b <= 122) || (b >= 48 && b <= 57)) c = b;
    else if (b >= 65 && b <= 90) c = b | 32;
    store<u8>(classTable + b, <u8>c);
  }
  wordness = alloc(0x10000);
  memory.fill(wordness, 0, 0x10000);
  foldArea = alloc(FOLD_SIZE + 8);
  heapBase = heapTop;
}

/** Forgets every term and row: the next segment starts. */
export function reset(): void {
  heapTop = heapBase;
  inputCap = 1 << 16;
  allocInput();
  slotMask = (1 << 12) - 1;
  slotShift = 32 - 12;
  slots = alloc((slotMask + 1) << SLOT_SHIFT);
  memory.fill(slots, 0, (slotMask + 1) << SLOT_SHIFT);
  recCap = 1 << 10;
  recs = alloc(recCap * REC_SIZE);
  pool = alloc((poolCap = 1 << 14));
  touched = alloc(recCap << 2);
  terms = 0;
  poolLen = 0;
  touchedCount = 0;
  openDoc = -1;
  nextPos = 0;
}

/** Room for inputCap bytes (and 64 more: the scans read whole blocks past the end) and their bits. */
function allocInput(): void {
  input = alloc(inputCap + 64);
  const words = (inputCap >> 6) + 2;
  wordBits = alloc(words << 3);
  highBits = alloc(words << 3);
}

/** Where the host writes the next text (`bytes` at most): valid until the next call. */
export function inputArea(bytes: u32): usize {
  if (bytes > inputCap) {
    inputCap = max(bytes, inputCap << 1);
    allocInput();
  }
  return input;
}

export function foldAreaAt(): usize {
  return foldArea;
}

export function foldAreaSize(): u32 {
  return FOLD_SIZE;
}

@inline function rec(id: u32): usize {
  return recs + <usize>id * REC_SIZE;
}

function isWordPoint(point: u32): bool {
  if (point > 0xffff) return wordPoint(point) != 0;
  let known = <u32>load<u8>(wordness + point);
  if (known == 0) {
    known = wordPoint(point) != 0 ? 1 : 2;
    store<u8>(wordness + point, <u8>known);
  }
  return known == 1;
}

/** The code point of the (well-formed) UTF-8 sequence at `at`. */
@inline function pointAt(at: usize, lead: u32): u32 {
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | (<u32>load<u8>(at, 1) & 0x3f);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | ((<u32>load<u8>(at, 1) & 0x3f) << 6) | (<u32>load<u8>(at, 2) & 0x3f);
  return ((lead & 0x07) << 18) | ((<u32>load<u8>(at, 1) & 0x3f) << 12) | ((<u32>load<u8>(at, 2) & 0x3f) << 6) | (<u32>load<u8>(at, 3) & 0x3f);
}

@inline function utf8Length(lead: u32): u32 {
  return lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

/**
 * Adds the words of input[0, n) to doc `doc` (docs ascending; calls for one doc add up); returns
 * how many were counted. Every word takes a position, one too long to index too (the words around
 * it are not next to each other).
 */
export function add(n: u32, doc: i32): u32 {
  if (doc != openDoc) {
    flushDoc();
    openDoc = doc;
  }
  const text = input;
  markBytes(n);
  let count: u32 = 0;
  let pos = nextPos;
  let i: u32 = 0;
  while (true) {
    const start = nextWordByte(i, n);
    if (start >= n) break;
    const e = isHigh(start) ? start : endOfAsciiRun(start);
    let ascii = true;
    let units = e - start;
    if (e < n && isHigh(e)) {
      // A non-ASCII char at or after the start: read char by char.
      i = scanWord(start, n);
      if (!wordFound) continue;
      ascii = wordAscii;
      units = wordUnits;
    } else i = e;
    pos++;
    if (units > maxTermLength) continue;
    count++;
    let id: u32;
    if (ascii) id = idOf(text + start, i - start);
    else id = idOf(foldArea, foldWord(start, i));
    const r = rec(id);
    const tf = load<u32>(r, REC_TF);
    store<u32>(r, tf + 1, REC_TF);
    // Positions: the doc's first of the word as it is, then the gaps to the next.
    if (tf == 0) {
      store<u32>(touched + (<usize>touchedCount << 2), id);
      touchedCount++;
      write(r + REC_POSITIONS, pos - 1);
    } else write(r + REC_POSITIONS, pos - 1 - load<u32>(r, REC_LAST_POS));
    store<u32>(r, pos - 1, REC_LAST_POS);
  }
  nextPos = pos;
  return count;
}

const UPPER_A = i8x16.splat(0x41);
const LOWER_A = i8x16.splat(0x61);
const DIGIT_0 = i8x16.splat(0x30);
const LETTERS = i8x16.splat(26);
const DIGITS = i8x16.splat(10);
const CASE_BIT = i8x16.splat(0x20);

/**
 * ASCII letters of input[0, n) folded to lower case in place, and per byte a bit: an ASCII
 * letter or digit (wordBits), a byte of a multi-byte char (highBits); none past n.
 */
function markBytes(n: u32): void {
  const words = (n + 63) >> 6;
  for (let k: u32 = 0; k < words; k++) {
    const at = input + (<usize>k << 6);
    let w: u64 = 0;
    let h: u64 = 0;
    for (let c: u32 = 0; c < 4; c++) {
      const p = at + (<usize>c << 4);
      let v = v128.load(p);
      v = v128.or(v, v128.and(i8x16.lt_u(i8x16.sub(v, UPPER_A), LETTERS), CASE_BIT));
      v128.store(p, v);
      const word = v128.or(i8x16.lt_u(i8x16.sub(v, LOWER_A), LETTERS), i8x16.lt_u(i8x16.sub(v, DIGIT_0), DIGITS));
      w |= (<u64>(<u32>i8x16.bitmask(word))) << (<u64>c << 4);
      h |= (<u64>(<u32>i8x16.bitmask(v))) << (<u64>c << 4);
    }
    store<u64>(wordBits + (<usize>k << 3), w);
    store<u64>(highBits + (<usize>k << 3), h);
  }
  // Bits past n cleared, and one more word of none (a run ending at n stops there).
  const tail = n & 63;
  if (tail) {
    const keep: u64 = (<u64>1 << <u64>tail) - 1;
    const last = <usize>(words - 1) << 3;
    store<u64>(wordBits + last, load<u64>(wordBits + last) & keep);
    store<u64>(highBits + last, load<u64>(highBits + last) & keep);
  }
  store<u64>(wordBits + (<usize>words << 3), 0);
  store<u64>(highBits + (<usize>words << 3), 0);
}

@inline function isHigh(at: u32): bool {
  return ((load<u64>(highBits + (<usize>(at >> 6) << 3)) >> <u64>(at & 63)) & 1) != 0;
}

/** The first byte at or after `from` that is an ASCII word byte or part of a multi-byte char (n when none). */
function nextWordByte(from: u32, n: u32): u32 {
  let k = from >> 6;
  const words = (n + 63) >> 6;
  if (k >= words) return n;
  let m = (load<u64>(wordBits + (<usize>k << 3)) | load<u64>(highBits + (<usize>k << 3))) >> <u64>(from & 63);
  if (m != 0) return from + <u32>ctz(m);
  for (k++; k < words; k++) {
    m = load<u64>(wordBits + (<usize>k << 3)) | load<u64>(highBits + (<usize>k << 3));
    if (m != 0) return (k << 6) + <u32>ctz(m);
  }
  return n;
}

/** The first byte after `from` (an ASCII word byte) that is not one. */
function endOfAsciiRun(from: u32): u32 {
  let k = from >> 6;
  let m = ~load<u64>(wordBits + (<usize>k << 3)) >> <u64>(from & 63);
  if (m != 0) return from + <u32>ctz(m);
  do {
    k++;
    m = ~load<u64>(wordBits + (<usize>k << 3));
  } while (m == 0);
  return (k << 6) + <u32>ctz(m);
}

// What scanWord found: a word (not a char that is no word's), whether it is all ASCII, its UTF-16 length.
let wordFound = false;
let wordAscii = true;
let wordUnits: u32 = 0;

/**
 * Reads one word (or a char that is no word's) from `i`, char by char, where a multi-byte char
 * is at or after its start; answers where reading goes on.
 */
function scanWord(i: u32, n: u32): u32 {
  const text = input;
  const classes = classTable;
  let code = <u32>load<u8>(classes + <usize>load<u8>(text + i));
  if (code == NON_ASCII) {
    const lead = <u32>load<u8>(text + i);
    if (!isWordPoint(pointAt(text + i, lead))) {
      wordFound = false;
      return i + utf8Length(lead);
    }
  }
  wordFound = true;
  let ascii = true;
  let units: u32 = 0;
  while (i < n) {
    code = <u32>load<u8>(classes + <usize>load<u8>(text + i));
    if (code < NON_ASCII) {
      if (code == 0) break;
      i++;
      units++;
    } else {
      const lead = <u32>load<u8>(text + i);
      const point = pointAt(text + i, lead);
      if (!isWordPoint(point)) break;
      ascii = false;
      i += utf8Length(lead);
      units += point > 0xffff ? 2 : 1;
    }
  }
  wordAscii = ascii;
  wordUnits = units;
  return i;
}

/** The first 8 bytes of word[0, length) (fewer: the rest zero; no word holds a zero byte). */
@inline function keyOf(word: usize, length: u32): u64 {
  const first = load<u64>(word);
  return length >= 8 ? first : first & ((<u64>1 << (<u64>length << 3)) - 1);
}

const MIX: u64 = 0x9e3779b97f4a7c15;

/** A hash of word[0, length) from its key and the 8 bytes at a time after. */
@inline function hashOf(word: usize, length: u32, key: u64): u32 {
  let h = (key ^ <u64>length) * MIX;
  for (let k: u32 = 8; k < length; k += 8) {
    const left = length - k;
    let chunk = load<u64>(word + <usize>k);
    if (left < 8) chunk &= (<u64>1 << (<u64>left << 3)) - 1;
    h = (h ^ (h >> 29) ^ chunk) * MIX;
  }
  return <u32>(h >> 32);
}

/** Id of the term whose bytes are word[0, length); added when new. */
function idOf(word: usize, length: u32): u32 {
  const key = keyOf(word, length);
  const hash = hashOf(word, length, key);
  let slot = hash >> slotShift;
  while (true) {
    const at = slots + (<usize>slot << SLOT_SHIFT);
    const v = load<u32>(at, SLOT_ID);
    if (v == 0) return insert(word, length, hash, key, at);
    if (load<u64>(at, SLOT_KEY) == key && load<u32>(at, SLOT_HASH) == hash) {
      const id = v - 1;
      // Up to 7 bytes the key is the whole word (its zeros say where it ends).
      if (length < 8) return id;
      const r = rec(id);
      if (load<u32>(r, REC_LEN) == length && sameBytes(pool + load<u32>(r, REC_POOL), word, length)) return id;
    }
    slot = (slot + 1) & slotMask;
  }
}

/** a[0, n) and b[0, n) hold the same bytes (eight at a time: a term is about seven). */
@inline function sameBytes(a: usize, b: usize, n: u32): bool {
  let k: usize = 0;
  const end = <usize>n;
  for (; k + 8 <= end; k += 8) if (load<u64>(a + k) != load<u64>(b + k)) return false;
  for (; k < end; k++) if (load<u8>(a + k) != load<u8>(b + k)) return false;
  return true;
}

function insert(word: usize, length: u32, hash: u32, key: u64, slotAt: usize): u32 {
  const id = terms++;
  if (id == recCap) {
    recs = moved(recs, recCap * REC_SIZE, 2 * recCap * REC_SIZE);
    touched = moved(touched, recCap << 2, 2 * recCap << 2);
    recCap *= 2;
  }
  if (poolLen + length > poolCap) {
    const cap = max(poolCap << 1, poolLen + length);
    pool = moved(pool, poolLen, cap);
    poolCap = cap;
  }
  memory.copy(pool + poolLen, word, length);
  const r = rec(id);
  memory.fill(r, 0, REC_SIZE);
  store<u32>(r, poolLen, REC_POOL);
  store<u32>(r, length, REC_LEN);
  poolLen += length;
  store<u64>(slotAt, key, SLOT_KEY);
  store<u32>(slotAt, id + 1, SLOT_ID);
  store<u32>(slotAt, hash, SLOT_HASH);
  // At most half full: probe chains stay short.
  if (terms * 2 > slotMask + 1) rehash();
  return id;
}

function rehash(): void {
  const size = (slotMask + 1) << 1;
  const mask = size - 1;
  const grown = alloc(size << SLOT_SHIFT);
  memory.fill(grown, 0, size << SLOT_SHIFT);
  for (let s: u32 = 0; s <= slotMask; s++) {
    const from = slots + (<usize>s << SLOT_SHIFT);
    if (load<u32>(from, SLOT_ID) == 0) continue;
    let slot = load<u32>(from, SLOT_HASH) >> (slotShift - 1);
    while (load<u32>(grown + (<usize>slot << SLOT_SHIFT), SLOT_ID) != 0) slot = (slot + 1) & mask;
    memory.copy(grown + (<usize>slot << SLOT_SHIFT), from, 1 << SLOT_SHIFT);
  }
  slots = grown;
  slotMask = mask;
  slotShift--;
}

/** Appends `value` to the chain at `chain` (a term's record) as an unsigned LEB128 varint. */
@inline function write(chain: usize, value: u32): void {
  let w = <usize>load<u32>(chain, CHAIN_AT);
  if (<usize>load<u32>(chain, CHAIN_END) - w < VARINT_MAX) w = openBlock(chain);
  let v = value;
  while (v >= 0x80) {
    store<u8>(w++, <u8>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  store<u8>(w++, <u8>v);
  store<u32>(chain, <u32>w, CHAIN_AT);
}

/** Closes the chain's open block and opens the next (twice as large); returns where writing goes on. */
function openBlock(chain: usize): usize {
  const last = <usize>load<u32>(chain, CHAIN_LAST);
  let size = FIRST_BLOCK;
  if (last != 0) {
    const data = last + BLOCK_HEADER;
    store<u32>(last, load<u32>(chain, CHAIN_AT) - <u32>data, 4);
    size = min(MAX_BLOCK, 2 * (load<u32>(chain, CHAIN_END) - <u32>data));
  }
  // Blocks come straight from the heap (addresses above 0: 0 says "none").
  const block = alloc(BLOCK_HEADER + size);
  store<u32>(block, 0);
  if (last == 0) store<u32>(chain, <u32>block, CHAIN_FIRST);
  else store<u32>(last, <u32>block);
  store<u32>(chain, <u32>block, CHAIN_LAST);
  const data = block + BLOCK_HEADER;
  store<u32>(chain, <u32>(data + size), CHAIN_END);
  return data;
}

/** The open doc onto each of its terms' postings rows: the doc's gap from the term's last doc, shifted left once, its low bit set when a tf > 1 follows. */
function flushDoc(): void {
  nextPos = 0;
  if (openDoc < 0) return;
  const doc = <u32>openDoc;
  for (let k: u32 = 0; k < touchedCount; k++) {
    const r = rec(load<u32>(touched + (<usize>k << 2)));
    const tf = load<u32>(r, REC_TF);
    store<u32>(r, 0, REC_TF);
    store<u32>(r, load<u32>(r, REC_DF) + 1, REC_DF);
    write(r + REC_POSTINGS, (doc - load<u32>(r, REC_LAST_DOC)) * 2 + (tf > 1 ? 1 : 0));
    if (tf > 1) write(r + REC_POSTINGS, tf);
    store<u32>(r, doc, REC_LAST_DOC);
  }
  touchedCount = 0;
  openDoc = -1;
}

/** Bytes written to the chain at `chain` so far. */
function lengthOf(chain: usize): u32 {
  let n: u32 = 0;
  const last = <usize>load<u32>(chain, CHAIN_LAST);
  for (let b = <usize>load<u32>(chain, CHAIN_FIRST); b != 0; b = <usize>load<u32>(b)) {
    n += b == last ? load<u32>(chain, CHAIN_AT) - <u32>(b + BLOCK_HEADER) : load<u32>(b, 4);
  }
  return n;
}

/** Every term's chain at `offset` of its record, joined back to back at `out`, and where each ends (u32s at `ends`). */
function pack(offset: u32, out: usize, ends: usize): void {
  let o = out;
  for (let id: u32 = 0; id < terms; id++) {
    const chain = rec(id) + offset;
    const last = <usize>load<u32>(chain, CHAIN_LAST);
    for (let b = <usize>load<u32>(chain, CHAIN_FIRST); b != 0; b = <usize>load<u32>(b)) {
      const data = b + BLOCK_HEADER;
      const n = b == last ? <usize>load<u32>(chain, CHAIN_AT) - data : <usize>load<u32>(b, 4);
      memory.copy(o, data, n);
      o += n;
    }
    store<u32>(ends + (<usize>id << 2), <u32>(o - out));
  }
}

/**
 * The segment's rows, laid out for the host; no more text after. Answers where it put
 * [terms, postings bytes, positions bytes] and then the addresses of the postings, their ends, the
 * positions, their ends, the dfs, the pool, the records (stride REC_SIZE: pool offset and length
 * first) and each term's last doc (a run's rows are chained by it: store/recall-cache-run-rows.ts).
 */
export function finish(): usize {
  flushDoc();
  let postingsBytes: u32 = 0;
  let positionsBytes: u32 = 0;
  for (let id: u32 = 0; id < terms; id++) {
    postingsBytes += lengthOf(rec(id) + REC_POSTINGS);
    positionsBytes += lengthOf(rec(id) + REC_POSITIONS);
  }
  const postings = alloc(postingsBytes);
  const postingEnds = alloc(terms << 2);
  const positions = alloc(positionsBytes);
  const positionEnds = alloc(terms << 2);
  pack(REC_POSTINGS, postings, postingEnds);
  pack(REC_POSITIONS, positions, positionEnds);
  const dfs = alloc(terms << 2);
  const lastDocs = alloc(terms << 2);
  for (let id: u32 = 0; id < terms; id++) {
    store<u32>(dfs + (<usize>id << 2), load<u32>(rec(id), REC_DF));
    store<u32>(lastDocs + (<usize>id << 2), load<u32>(rec(id), REC_LAST_DOC));
  }
  const result = alloc(44);
  store<u32>(result, terms);
  store<u32>(result, postingsBytes, 4);
  store<u32>(result, positionsBytes, 8);
  store<u32>(result, <u32>postings, 12);
  store<u32>(result, <u32>postingEnds, 16);
  store<u32>(result, <u32>positions, 20);
  store<u32>(result, <u32>positionEnds, 24);
  store<u32>(result, <u32>dfs, 28);
  store<u32>(result, <u32>pool, 32);
  store<u32>(result, <u32>recs, 36);
  store<u32>(result, <u32>lastDocs, 40);
  return result;
}

export function recordSize(): u32 {
  return REC_SIZE;
}
