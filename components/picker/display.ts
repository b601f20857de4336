// Text helpers for picker rows: what a row says about a session, before sanitizing and truncation.
import { formatBytes, type SessionInfo } from "../../src/engine/index.js";
import { charWidth, displayWidth } from "../kit/text-width.js";

/** pi's row text: the name, else the first user message, with control characters turned into spaces. */
export function sessionTitle(session: SessionInfo): string {
  const text = session.name ?? session.firstMessage;
  return text.replace(/[\x00-\x1f\x7f]/g, " ").trim();
}

/** pi's "named" test: a name that is only whitespace counts as unnamed. */
export function hasSessionName(session: SessionInfo): boolean {
  return Boolean(session.name?.trim());
}

/** File size in the short form a row has room for: 512B, 4.2K, 13M, 1.1G. */
export const formatSize = (bytes: number): string => formatBytes(bytes, "short");

/** A path with the home directory written as "~", as pi shows cwds and files (pi's shortenHomePath). */
export { shortenHome } from "../../src/engine/index.js";

/** Keep the last `max` columns of a long path (the part that tells projects apart), led by "…". */
export function truncateStart(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  if (max <= 0) return "";
  const chars = Array.from(text);
  let kept = "";
  let width = 1; // the ellipsis
  for (let i = chars.length - 1; i >= 0; i--) {
    const w = charWidth(chars[i]);
    if (width + w > max) break;
    kept = chars[i] + kept;
    width += w;
  }
  return "…" + kept;
}
