// Hand-made SessionInfo values for the picker's tests.
import type { SessionInfo } from "../../src/engine/index.js";

export const NOW = new Date("2026-11-29T12:00:00.000Z");
const MINUTE = 60_000;

/** A session modified `minutesAgo` before NOW; every other field has a plain default. */
export function session(id: string, minutesAgo: number, extra: Partial<SessionInfo> = {}): SessionInfo {
  const modified = new Date(NOW.getTime() - minutesAgo * MINUTE);
  return {
    path: `/home/u/.pi/agent/sessions/--home-u-proj--/${id}.jsonl`,
    id,
    cwd: "/home/u/proj",
    created: new Date(modified.getTime() - 30 * MINUTE),
    modified,
    messageCount: 4,
    firstMessage: `first message of ${id}`,
    allMessagesText: `first message of ${id}`,
    sizeBytes: 2048,
    branchCount: 1,
    compactionCount: 0,
    damagedLines: 0,
    ...extra,
  };
}

export const pathOf = (id: string): string => `/home/u/.pi/agent/sessions/--home-u-proj--/${id}.jsonl`;
