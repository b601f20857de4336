// A session listing that is already read, for a picker given the sessions at hand.
import type { SessionInfo, SessionListing } from "../../src/engine/index.js";

export function listedAlready(sessions: readonly SessionInfo[]): SessionListing {
  return { total: sessions.length, done: sessions.length, step: () => false, result: () => [...sessions] };
}
