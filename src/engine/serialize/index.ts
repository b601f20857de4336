// Barrel of serialize/: each module of this area is re-exported here.
export {};
