// Barrel of recall/: each module of this area is re-exported here.
export {};
