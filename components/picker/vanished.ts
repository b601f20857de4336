// Sessions that left the list on a re-listing (their file was deleted, or can no longer be read as a
// session), and the one-line note the picker shows about them. Pure.
import { basename } from "node:path";
import { countNoun, type SessionInfo } from "../../src/engine/index.js";
import { sessionTitle } from "./display.js";

const NOTE_TITLE_MAX = 40;

/** Sessions of `before` whose file is not in `after`, each once, in `before`'s order. */
export function vanishedSessions(before: readonly SessionInfo[], after: readonly SessionInfo[]): SessionInfo[] {
  const still = new Set(after.map((s) => s.path));
  const seen = new Set<string>();
  const gone: SessionInfo[] = [];
  for (const session of before) {
    if (still.has(session.path) || seen.has(session.path)) continue;
    seen.add(session.path);
    gone.push(session);
  }
  return gone;
}

/** How the note names a session: its title as the row showed it, else the file name. Not sanitized. */
function noteName(session: SessionInfo): string {
  const title = sessionTitle(session) || basename(session.path);
  return Array.from(title).length > NOTE_TITLE_MAX ? `${Array.from(title).slice(0, NOTE_TITLE_MAX - 1).join("")}…` : title;
}

/**
 * The note after a re-listing, or null when nothing vanished. `openedPath` is the session Enter
 * tried to open: named first, since that is the one the user is looking at.
 */
export function vanishedNote(gone: readonly SessionInfo[], openedPath?: string): string | null {
  if (gone.length === 0) return null;
  const first = gone.find((s) => s.path === openedPath) ?? gone[0];
  const others = gone.length - 1;
  const who = others === 0 ? `"${noteName(first)}" was` : `"${noteName(first)}" and ${countNoun(others, "other session")} were`;
  return `${who} deleted or can no longer be read; list refreshed`;
}
