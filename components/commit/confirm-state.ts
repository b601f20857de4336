// The confirm step's state: how far the lines are scrolled and, after a refused commit, why.
export interface ConfirmState {
  scroll: number;
  /** Set when the commit was refused or failed: one line, nothing was written. */
  error: string | null;
}

export type ConfirmAction =
  | { type: "scroll"; delta: number; total: number; height: number }
  | { type: "failed"; message: string };

export const initConfirmState = (): ConfirmState => ({ scroll: 0, error: null });

export function confirmReducer(s: ConfirmState, action: ConfirmAction): ConfirmState {
  switch (action.type) {
    case "scroll": {
      const max = Math.max(0, action.total - action.height);
      const scroll = Math.min(max, Math.max(0, s.scroll + action.delta));
      return scroll === s.scroll ? s : { ...s, scroll };
    }
    case "failed":
      return { ...s, error: action.message };
  }
}
