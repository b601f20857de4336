// A run of text in one tone: the unit every view draws lines from.
export type Tone = "accent" | "success" | "muted" | "dim" | "error" | "warning" | "custom" | "border" | "plain";

export interface Cell {
  text: string;
  tone: Tone;
  italic?: boolean;
  bold?: boolean;
  /** A full-text find hit inside the text. */
  hit?: boolean;
}
