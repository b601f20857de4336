// The diff view's own state: how far the rows are scrolled and whether the kind bars are shown.
export interface DiffViewState {
  scroll: number;
  bars: boolean;
}

export type DiffViewAction =
  | { type: "scroll"; delta: number; max: number }
  | { type: "scrollTo"; edge: "top" | "bottom"; max: number }
  /** Jump to the next/previous row whose status differs from "kept" (a change). */
  | { type: "jump"; to: number; max: number }
  | { type: "toggleBars" };

export const initDiffViewState = (): DiffViewState => ({ scroll: 0, bars: true });

const clamp = (v: number, max: number): number => Math.max(0, Math.min(v, Math.max(0, max)));

export function diffViewReducer(s: DiffViewState, action: DiffViewAction): DiffViewState {
  switch (action.type) {
    case "scroll":
      return { ...s, scroll: clamp(s.scroll + action.delta, action.max) };
    case "scrollTo":
      return { ...s, scroll: action.edge === "top" ? 0 : clamp(action.max, action.max) };
    case "jump":
      return { ...s, scroll: clamp(action.to, action.max) };
    case "toggleBars":
      return { ...s, bars: !s.bars };
  }
}

/** The row where the next (direction 1) or previous (-1) block of rows starts (removed, added or kept); `from` when none. */
export function nextChange(statuses: readonly string[], from: number, direction: 1 | -1): number {
  const startsBlock = (i: number): boolean => i === 0 || statuses[i - 1] !== statuses[i];
  for (let i = from + direction; i >= 0 && i < statuses.length; i += direction) if (startsBlock(i)) return i;
  return from;
}
