// What every screen needs, from one React context instead of props threaded through screens: where
// the app runs (env: cwd, home, the environment pi's settings and paths are read from, the sessions
// folder), the pi release the session is read as (profile), the area the screen draws in (size:
// the terminal's, or the part a parent gives a child through <ScreenArea>) and the theme.
// The shell (components/app/App.tsx) provides it once; a test that renders a screen alone wraps it
// in test/support/app-context.tsx.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { PiProfile } from "../../src/engine/index.js";
import type { AppEnv } from "./screen-contract.js";
import { COLOUR_THEME, themeFor, type Theme } from "./theme.js";
import { useTerminalSize, type TerminalSize } from "./use-terminal-size.js";

export interface AppContextValue {
  env: AppEnv;
  profile: PiProfile;
  /** Columns and rows the screen may draw in (it never draws more than `rows - 1` lines). */
  size: TerminalSize;
  theme: Theme;
}

const AppContext = createContext<AppContextValue | null>(null);

/** The app's context over the terminal: its size follows `resize`. */
export function AppContextProvider({ env, children }: { env: AppEnv; children: ReactNode }) {
  const size = useTerminalSize();
  return <FixedAppContext env={env} size={size}>{children}</FixedAppContext>;
}

/** The app's context with a given size (the shell's terminal, a test's fake one). */
export function FixedAppContext({ env, size, children }: { env: AppEnv; size: TerminalSize; children: ReactNode }) {
  const { columns, rows } = size;
  const value = useMemo<AppContextValue>(() => ({ env, profile: env.profile, size: { columns, rows }, theme: themeFor(env.env) }), [env, columns, rows]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

/**
 * A part of the screen for `children`: what they read as their size (a panel below the tree leaves
 * the tree fewer rows). Unset dimensions stay the parent's.
 */
export function ScreenArea({ columns, rows, children }: { columns?: number; rows?: number; children: ReactNode }) {
  const parent = useAppContext();
  const width = columns ?? parent.size.columns;
  const height = rows ?? parent.size.rows;
  const value = useMemo<AppContextValue>(() => ({ ...parent, size: { columns: width, rows: height } }), [parent, width, height]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (value === null) throw new Error("useAppContext: no <AppContextProvider> above this screen (tests: test/support/app-context.tsx)");
  return value;
}

export const useAppEnv = (): AppEnv => useAppContext().env;
/** Where the app runs, or undefined for a part drawn outside the app (a unit test of one panel). */
export const useOptionalAppEnv = (): AppEnv | undefined => useContext(AppContext)?.env;
export const useProfile = (): PiProfile => useAppContext().profile;
export const useScreenSize = (): TerminalSize => useAppContext().size;

/** The theme; a dumb view drawn outside the app (a unit test of one view) gets the colour theme. */
export const useTheme = (): Theme => useContext(AppContext)?.theme ?? COLOUR_THEME;
