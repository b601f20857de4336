// Barrel of settings/: each module of this area is re-exported here.
export {};
