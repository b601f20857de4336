// The screen stack as a pure reducer: open a tree on top, go back, quit.
import type { Screen } from "./screens.js";

export interface StackState {
  screens: Screen[];
  /** Set when the last screen was left or quit was asked for: the app unmounts. */
  done: boolean;
}

export type StackAction = { type: "openTree"; path: string } | { type: "back" } | { type: "quit" };

export function stackReducer(s: StackState, action: StackAction): StackState {
  switch (action.type) {
    case "openTree": {
      const top = s.screens.at(-1);
      return { ...s, screens: [...s.screens, { kind: "tree", path: action.path, fromPicker: top?.kind === "picker" }] };
    }
    case "back": {
      const screens = s.screens.slice(0, -1);
      return { screens, done: screens.length === 0 };
    }
    case "quit":
      return { ...s, done: true };
  }
}
