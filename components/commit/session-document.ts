// The document of an open session lives in components/document (its one owner); the commit screens
// take its types from here.
export { type Committed, type DocumentOwner, type Outcome, type SessionDocument } from "../document/session-document.js";
export { readDocument, withSnapshot } from "../document/commit-to-file.js";
