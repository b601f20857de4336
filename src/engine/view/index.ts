// Barrel of view/: each module of this area is re-exported here.
export {};
