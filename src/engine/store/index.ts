// Barrel of store/: the only modules that touch the file system.
export * from "./read.js";
export * from "./sessions.js";
