// Barrel of session/.
//   parseSession(input, profile, {path?}) -> LoadedSession (pi's load + migration, diagnostics, invalid)
//   loadFromScan(scan, profile)           -> the same from an existing scanSessionText result
//   scanSessionText(input, profile)       -> parsed values + lines + line diagnostics (no migration); of
//                                            bytes: decoded line by line, with where each line starts
//   ChunkedSessionScan                    -> the same for pi 1.6, fed piece by piece (push, finish)
//   entryIndexOf(loaded)                  -> byId / parents / roots / children (file order), cached
//   sessionInfoFromValues(values, profile)-> pi's SessionInfo fields from parsed values (listing)
//   decodeUtf8, v1EntryId, shortText      -> helpers (Node-like decoding, deterministic v1 ids, safe text)
export * from "./load.js";
export { scanSessionText, ChunkedSessionScan, type SessionScan, type SessionLineScan } from "./scan.js";
export { type EntryIndex } from "./structure.js";
export { decodeUtf8 } from "./decode.js";
export { v1EntryId } from "./migrate.js";
export { shortText } from "./damage.js";
export * from "./info.js";
