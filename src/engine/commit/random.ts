// Randomness and time are parameters so a commit can be previewed and tested byte for byte;
// the store passes node:crypto's randomBytes and the real clock.

/** Returns `count` random bytes. */
export type RandomSource = (count: number) => Uint8Array;

/** The wall clock in epoch milliseconds (Date.now). */
export type Clock = () => number;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function takeBytes(random: RandomSource, count: number): Uint8Array {
  const bytes = random(count);
  if (bytes.length < count) throw new Error(`random source returned ${bytes.length} bytes, ${count} needed`);
  return bytes.slice(0, count);
}

const dashed = (h: string): string =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/** A random (version 4) UUID, lowercase and hyphenated, as crypto.randomUUID() gives. */
export function uuidV4(random: RandomSource): string {
  const b = takeBytes(random, 16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return dashed(hex(b));
}

/** A time-ordered (version 7) UUID: 48-bit epoch ms, then random bits; pi's session id format. */
export function uuidV7(nowMs: number, random: RandomSource): string {
  if (!Number.isInteger(nowMs) || nowMs < 0 || nowMs > 0xffffffffffff) {
    throw new RangeError(`UUIDv7 timestamp must be an integer between 0 and ${0xffffffffffff}`);
  }
  const b = new Uint8Array(16);
  b.set(takeBytes(random, 10), 6);
  let t = nowMs;
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return dashed(hex(b));
}

/**
 * pi's generateId: the first 8 hex digits of a fresh UUIDv4, retried up to 100 times while it
 * collides with `taken`; after that the full UUID. Readers accept any string, so the fallback is safe.
 */
export function newEntryId(taken: { has(id: string): boolean }, random: RandomSource): string {
  for (let i = 0; i < 100; i++) {
    const id = uuidV4(random).slice(0, 8);
    if (!taken.has(id)) return id;
  }
  return uuidV4(random);
}

/** pi's entry timestamp: new Date().toISOString() (UTC, milliseconds, Z). */
export const isoTimestamp = (nowMs: number): string => new Date(nowMs).toISOString();
