// Barrel of branch/: each module of this area is re-exported here.
export * from "./collect.js";
export * from "./plan.js";
export * from "./prepare.js";
