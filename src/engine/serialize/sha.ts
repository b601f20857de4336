// SHA-256 for the engine: the oracle's short fingerprint of a text, a file tail's hash.
// node:crypto is required on first use, not imported: loading it is some 2.5 ms of every start-up,
// and most commands hash nothing (a read's snapshot hashes its tail only when a commit asks).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let crypto: typeof import("node:crypto") | undefined;

/** SHA-256 (hex) of bytes, or of a text's UTF-8. */
export function sha256Hex(data: string | Uint8Array): string {
  crypto ??= require("node:crypto") as typeof import("node:crypto");
  return crypto.createHash("sha256").update(data).digest("hex");
}

/** First 16 hex digits of the SHA-256 of the UTF-8 text ("" → e3b0c44298fc1c14). */
export function sha256_16(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

export interface TextFingerprint {
  chars: number;
  sha256_16: string;
}

/** Length in UTF-16 units plus the short hash: how the oracle writes serialized texts. */
export const fingerprint = (text: string): TextFingerprint => ({ chars: text.length, sha256_16: sha256_16(text) });
