// Barrel of summary/: each module of this area is re-exported here.
export {};
