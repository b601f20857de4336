// Quoted phrases: the terms in order, separated by anything that is not a word character
// (exactly how the tokenizer splits), found with one linear regex per phrase.

const WORD = "\\p{L}\\p{N}\\p{M}";

export function phraseRegex(phrase: readonly string[]): RegExp {
  // Terms are letters and digits only, so they need no escaping.
  return new RegExp(`(?<![${WORD}])${phrase.join(`[^${WORD}]+`)}(?![${WORD}])`, "giu");
}

export function phraseRanges(text: string, phrase: readonly string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(phraseRegex(phrase))) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  return out;
}
