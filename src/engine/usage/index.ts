// Barrel of usage/: recorded tokens and cost, counted the way pi's session statistics count them.
//   readUsage(value) / addFigures / addTokenCost / emptyTokenCost -> one usage object, sums (TokenCost)
//   entryUsage(entry), entryTime(entry)   -> the usage an entry adds and where it was spent; its time
//   usageTotals(entries) / addEntry / emptyTotals -> UsageTotals: pi's figures plus counts, split by source
//   sessionUsage(tree, {leafId, since, timeZone}) -> whole file, active path, each branch, shared, per model, per day
//   branchOfEntry(tree, report, id)      -> the branch whose own entries hold an entry (null: shared)
//   treeCost(tree)                       -> the tree screen's file, path and branch costs; an appended tree adds only its new entries
//   usageBuckets / bucketsSince / sumBuckets -> the (day, model, source) digest `usage --all` caches
//   dayOf, parseDay, isValidTimeZone     -> calendar days
//   formatCost, formatTokensShort, shortModel -> how figures read in tables and screens
export * from "./figures.js";
export * from "./entry-usage.js";
export * from "./totals.js";
export * from "./report.js";
export * from "./tree-cost.js";
export * from "./digest.js";
export * from "./day.js";
export * from "./format.js";
