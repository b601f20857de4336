import { isoTimestamp, newEntryId, type RandomSource } from "./random.js";

/** Where and when a new entry is made: the ids it must avoid, the clock reading, the randomness. */
export interface EntryContext {
  /** Ids already in the session (pi's byId, plus earlier entries of the same batch). */
  takenIds: { has(id: string): boolean };
  /** Epoch milliseconds of the commit; becomes the entry's `timestamp`. */
  nowMs: number;
  random: RandomSource;
}

/** A fresh id and timestamp for one entry, in the order pi makes them. */
export const stampEntry = (ctx: EntryContext): { id: string; timestamp: string } => {
  const timestamp = isoTimestamp(ctx.nowMs);
  return { id: newEntryId(ctx.takenIds, ctx.random), timestamp };
};
