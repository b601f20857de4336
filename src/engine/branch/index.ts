// Barrel of branch/: each module of this area is re-exported here.
export {};
