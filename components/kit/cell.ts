// A run of text in one tone: the unit every view draws lines from.
import type { RowTone } from "../../src/engine/index.js";

/** pi's theme colours (the engine's row tones). */
export type Tone = RowTone;

export interface Cell {
  text: string;
  tone: Tone;
  italic?: boolean;
  bold?: boolean;
  /** A full-text find hit inside the text. */
  hit?: boolean;
}
