// How the picker words a failed listing, wherever the listing ran (the first one, listing every
// project, a re-listing), so the red status line reads the same for all of them.

/** The first line of an error's message: fs errors can carry more, and the status line has one. */
const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** "Cannot list sessions: <first line of the error>". Not sanitized (the view does that). */
export const listingProblem = (error: unknown): string => `Cannot list sessions: ${oneLine(error)}`;
