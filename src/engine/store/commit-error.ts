/**
 * Why a commit did not happen. `refused`: nothing was written because a guard said no (the file
 * changed, a lock is held, a v1/v2 file). `failed`: the write went wrong; the message says what
 * was undone. `written`: the entries are in the file, but something is wrong with the result (another
 * program wrote at the same moment, or a failed write could not be undone); the message says what.
 * Every message is one line and names the file.
 */
export class CommitError extends Error {
  constructor(
    readonly path: string,
    readonly kind: "refused" | "failed" | "written",
    message: string,
    /** Refused because the file changed since it was read: reading it again makes the commit possible. */
    readonly staleRead = false,
  ) {
    super(message);
    this.name = "CommitError";
  }
}

/** The one-line cause of a failed system call: its errno code, else the first line of its message. */
export const errorCause = (error: unknown): string =>
  error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message.split("\n")[0]) : String(error);

/** The cause of a failed write, in the one wording every write uses for a full disk. */
export const writeFailureCause = (error: unknown): string => {
  const cause = errorCause(error);
  return cause === "ENOSPC" ? "the disk is full (ENOSPC)" : cause;
};
