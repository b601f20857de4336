// Barrel of serialize/: each module of this area is re-exported here.
export * from "./serialize-conversation.js";
export * from "./sha.js";
export * from "./truncate.js";
export * from "./json-text.js";
