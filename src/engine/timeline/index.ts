// Barrel of timeline/: context size along a path and its chart.
//   contextTimeline(path, profile) -> TimelinePoint per reply, compaction and branch summary (pi's figure there)
//   pointAtOrAfter(points, pathIndex) -> where an entry (e.g. a previewed cut) falls on the timeline
//   timelineChart(points, {width, height, threshold, cutIndex, cursor}) / chartLayout / chartLegend -> the text chart
export * from "./series.js";
export * from "./chart.js";
