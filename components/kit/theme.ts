// The one theme: every colour, dim, bold and inverse the views draw comes from here, by what it means
// (accent, warning, muted, the cursor, a find hit), never a colour name in a view (eslint.config.js
// forbids them outside this file). NO_COLOR (any non-empty value, https://no-color.org) turns the
// colours off here: meanings that were only a colour become dim or bold, and the cursor keeps its
// inverse and bold, so it stays visible.
import type { Tone } from "./cell.js";

/** The text attributes Ink's <Text> takes; a view spreads one of the theme's: <Text {...theme.muted}>. */
export interface TextStyle {
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
  italic?: boolean;
}

export interface Theme {
  /** False under NO_COLOR. */
  readonly colors: boolean;
  /** What leads the eye: prompts, the focused pane's title, the selected choice. */
  readonly accent: TextStyle;
  /** What went well (a write, a notice that something is done). */
  readonly success: TextStyle;
  /** Something the user should know before going on. */
  readonly warning: TextStyle;
  /** Something failed. */
  readonly error: TextStyle;
  /** Secondary text: paths, hints, footers, counters. */
  readonly muted: TextStyle;
  /** Text further back than muted (the picker's columns, placeholders). */
  readonly dim: TextStyle;
  /** A screen's title. */
  readonly title: TextStyle;
  /** A heading inside a screen (help groups). */
  readonly heading: TextStyle;
  /** A session's own name (the picker). */
  readonly named: TextStyle;
  /** The row under the cursor (the tree, the picker's title): bold, with or without colours. */
  readonly selected: TextStyle;
  /** The words a search matched inside a snippet. */
  readonly match: TextStyle;
  /** The text cursor cell (fields, editors): inverse, with or without colours. */
  readonly cursor: TextStyle;
  /** A search or find hit inside text. */
  readonly hit: TextStyle;
  /** No attributes. */
  readonly plain: TextStyle;
  /** The colour of a panel's border line (Ink's Box borderColor); undefined: the terminal's. */
  readonly borderColor: string | undefined;
  /** The border of a panel that does not have the keys. */
  readonly mutedBorderColor: string | undefined;
  /** The style of a cell tone (the engine's row tones, pi's theme colours). */
  tone(tone: Tone): TextStyle;
}

const COLOUR_TONES: Record<Tone, TextStyle> = {
  accent: { color: "cyan" },
  success: { color: "green" },
  muted: { color: "gray" },
  dim: { color: "gray", dimColor: true },
  error: { color: "red" },
  warning: { color: "yellow" },
  custom: { color: "magenta" },
  border: { color: "cyan" },
  plain: {},
};

// Without colours a tone keeps what it can say by weight: errors and warnings bold, the rest dim or plain.
const PLAIN_TONES: Record<Tone, TextStyle> = {
  accent: {},
  success: {},
  muted: { dimColor: true },
  dim: { dimColor: true },
  error: { bold: true },
  warning: { bold: true },
  custom: {},
  border: {},
  plain: {},
};

function makeTheme(colors: boolean): Theme {
  const tones = colors ? COLOUR_TONES : PLAIN_TONES;
  return {
    colors,
    accent: tones.accent,
    success: tones.success,
    warning: tones.warning,
    error: tones.error,
    muted: tones.muted,
    dim: { dimColor: true },
    title: { bold: true },
    heading: colors ? { bold: true, color: "cyan" } : { bold: true },
    named: colors ? { color: "yellow" } : { bold: true },
    selected: { bold: true },
    match: colors ? { color: "yellow", bold: true } : { bold: true },
    cursor: { inverse: true },
    hit: colors ? { color: "black", backgroundColor: "yellow" } : { inverse: true },
    plain: {},
    borderColor: colors ? "cyan" : undefined,
    mutedBorderColor: colors ? "gray" : undefined,
    tone: (tone) => tones[tone],
  };
}

export const COLOUR_THEME: Theme = makeTheme(true);
export const NO_COLOUR_THEME: Theme = makeTheme(false);

/** NO_COLOR set to anything but the empty string turns colours off (no-color.org). */
export const noColorRequested = (env: Record<string, string | undefined>): boolean => (env.NO_COLOR ?? "") !== "";

/** The theme for where the app runs (the launcher's environment, never `process` read here). */
export const themeFor = (env: Record<string, string | undefined>): Theme => (noColorRequested(env) ? NO_COLOUR_THEME : COLOUR_THEME);

/** Two styles in one: `b` wins where both set an attribute. */
export const withStyle = (a: TextStyle, b: TextStyle): TextStyle => ({ ...a, ...b });
