// The detail pane's own state: shown or not, focused or not, and how far it is scrolled.
export interface DetailState {
  shown: boolean;
  focused: boolean;
  scroll: number;
}

export type DetailAction =
  | { type: "toggleShown" }
  | { type: "focus" }
  | { type: "blur" }
  /** Scroll by lines (clamped to the content): `total` lines of content, `height` visible. */
  | { type: "scroll"; delta: number; total: number; height: number }
  | { type: "scrollTo"; edge: "top" | "bottom"; total: number; height: number }
  /** The selected entry changed: start at its top. */
  | { type: "reset" };

export const initDetailState = (shown: boolean): DetailState => ({ shown, focused: false, scroll: 0 });

const clamp = (value: number, total: number, height: number) => Math.max(0, Math.min(value, Math.max(0, total - height)));

export function detailReducer(s: DetailState, action: DetailAction): DetailState {
  switch (action.type) {
    case "toggleShown":
      return { ...s, shown: !s.shown, focused: false };
    case "focus":
      return { ...s, shown: true, focused: true };
    case "blur":
      return s.focused ? { ...s, focused: false } : s;
    case "scroll": {
      const scroll = clamp(s.scroll + action.delta, action.total, action.height);
      return scroll === s.scroll ? s : { ...s, scroll };
    }
    case "scrollTo":
      return { ...s, scroll: action.edge === "top" ? 0 : clamp(action.total, action.total, action.height) };
    case "reset":
      return s.scroll === 0 ? s : { ...s, scroll: 0 };
  }
}
