// The write flows' side of a commit (clock, guarded append through the file's owner, fork); the code
// lives with the document owner in components/document/commit-to-file.ts.
export { appClock, commitPending, writeFork } from "../document/commit-to-file.js";
export type { Committed } from "../document/session-document.js";
