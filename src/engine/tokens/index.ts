// Barrel of tokens/: each module of this area is re-exported here.
export {};
