// Barrel of commit/: each module of this area is re-exported here.
export {};
