// Aligned text columns for list-like output.

export type Align = "left" | "right";

/** Rows of cells padded to the widest cell per column; the last column is never padded. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[]): string[] {
  const all = [header, ...rows];
  // Loops, not Math.max(...column): spreading a column of 125,000 rows overflows the call stack.
  const widths = header.map((_, col) => {
    let widest = 0;
    for (const row of all) widest = Math.max(widest, displayWidth(row[col] ?? ""));
    return widest;
  });
  return all.map((row) =>
    row
      .map((cell, col) => {
        if (col === row.length - 1 && align[col] !== "right") return cell;
        const pad = " ".repeat(widths[col] - displayWidth(cell));
        return align[col] === "right" ? pad + cell : cell + pad;
      })
      .join("  "),
  );
}

/** Code points, not UTF-16 units, so that emoji and astral text do not misalign a column too much. */
export function displayWidth(text: string): number {
  // for...of over a string counts the same, with an iterator step per character (src/cli/one-shot-v8.ts).
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--; // a surrogate pair is one code point
        i++;
      }
    }
  }
  return n;
}

/** At most `max` code points, the last one replaced by "…" when cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return "";
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join("")}…`;
}
