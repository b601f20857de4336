// How the diff view splits its height: title lines, the rows window, and the bars when they fit.
const BAR_LINES = 9;

export interface DiffLayout {
  rowsHeight: number;
  showBars: boolean;
}

/** `height` is what the view may draw; `chrome` the fixed lines (title, totals, column header, footer). */
export function diffLayout(height: number, chrome: number, barsWanted: boolean): DiffLayout {
  const free = Math.max(1, height - chrome);
  const showBars = barsWanted && free - BAR_LINES >= 3;
  return { rowsHeight: showBars ? free - BAR_LINES : free, showBars };
}
