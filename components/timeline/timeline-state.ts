// The timeline screen's state: which point the cursor is on. Pure; the screen owns the points.
import type { TimelineKind } from "../../src/engine/index.js";

export interface TimelineState {
  cursor: number;
}

export type TimelineAction =
  | { type: "move"; delta: number }
  | { type: "page"; direction: 1 | -1 }
  | { type: "edge"; edge: "first" | "last" }
  | { type: "nextCut"; direction: 1 | -1 };

export interface TimelineContext {
  kinds: readonly TimelineKind[];
  /** Points per chart width (a page). */
  page: number;
}

const clamp = (n: number, count: number): number => Math.max(0, Math.min(count - 1, n));

export function timelineReducer(state: TimelineState, action: TimelineAction, ctx: TimelineContext): TimelineState {
  const count = ctx.kinds.length;
  if (count === 0) return state;
  switch (action.type) {
    case "move":
      return { cursor: clamp(state.cursor + action.delta, count) };
    case "page":
      return { cursor: clamp(state.cursor + action.direction * Math.max(1, ctx.page), count) };
    case "edge":
      return { cursor: action.edge === "first" ? 0 : count - 1 };
    case "nextCut": {
      for (let i = state.cursor + action.direction; i >= 0 && i < count; i += action.direction) if (ctx.kinds[i] !== "reply") return { cursor: i };
      return state;
    }
  }
}
