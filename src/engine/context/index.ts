// Barrel of context/: each module of this area is re-exported here.
export {};
