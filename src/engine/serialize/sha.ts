// The oracle's short fingerprint of a text.
import { createHash } from "node:crypto";

/** First 16 hex digits of the SHA-256 of the UTF-8 text ("" → e3b0c44298fc1c14). */
export function sha256_16(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

export interface TextFingerprint {
  chars: number;
  sha256_16: string;
}

/** Length in UTF-16 units plus the short hash: how the oracle writes serialized texts. */
export const fingerprint = (text: string): TextFingerprint => ({ chars: text.length, sha256_16: sha256_16(text) });
