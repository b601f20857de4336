// The timeline screen's keys: one table, dispatched by its input hook and listed by the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerItems, footerLine } from "../kit/footer.js";
import type { TimelineAction } from "./timeline-state.js";

export type TimelineCommand = "jump" | "back" | "help";

export const TIMELINE_BINDINGS: Binding<TimelineAction | TimelineCommand>[] = [
  { keys: ["left", "up", "h", "k"], help: "previous point (reply, compaction or branch summary)", run: { type: "move", delta: -1 }, footer: "move" },
  { keys: ["right", "down", "l", "j"], help: "next point", run: { type: "move", delta: 1 }, footer: "move" },
  { keys: ["pageup", "ctrl+b"], help: "an eighth of the path back", run: { type: "page", direction: -1 } },
  { keys: ["pagedown", "ctrl+f"], help: "an eighth of the path on", run: { type: "page", direction: 1 } },
  { keys: ["home"], help: "first point", run: { type: "edge", edge: "first" } },
  { keys: ["end"], help: "last point", run: { type: "edge", edge: "last" } },
  { keys: ["c"], help: "next compaction or branch summary", run: { type: "nextCut", direction: 1 }, footer: "next/prev compaction", footerRank: 1 },
  { keys: ["shift+c"], help: "previous compaction or branch summary", run: { type: "nextCut", direction: -1 }, footer: "next/prev compaction", footerRank: 1 },
  { keys: ["enter"], help: "jump: close the timeline, tree cursor on this point's entry", run: "jump", footer: "jump to the tree" },
  { keys: ["?"], help: "this help", run: "help", footer: "help", footerRank: 1 },
  { keys: ["escape", "q", "ctrl+c"], help: "back to the tree", run: "back", footer: "back" },
];

export const timelineKeyAction = bindingLookup(TIMELINE_BINDINGS);

/** The timeline's key line (every key of its one table acts in every state). */
export const timelineFooter = (columns: number): string => footerLine(footerItems(TIMELINE_BINDINGS), columns);
