// Barrel of store/: each module of this area is re-exported here.
export {};
