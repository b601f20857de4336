// Token counts and plurals in text output. (Sizes and ages are the engine's display/, shared with the app.)

/** 48211 -> "48,211". */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** "1 message", "2 messages". */
export function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}
