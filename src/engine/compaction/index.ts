// Barrel of compaction/: each module of this area is re-exported here.
export {};
