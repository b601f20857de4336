// Barrel of context/: each module of this area is re-exported here.
export * from "./build-context.js";
export * from "./content-text.js";
export * from "./convert-to-llm.js";
export * from "./entry-messages.js";
export * from "./path.js";
export * from "./summary-messages.js";
export * from "./system-message.js";
