// How the picker divides the terminal. The frame stays strictly below `rows` lines (Ink clears the
// whole screen on every frame that is as tall as the terminal) and the list is windowed to fit.

export type PreviewPlacement = "right" | "below" | "none";

export interface PickerLayout {
  /** Title, hints, search box and column captions above the list. */
  showHints: boolean;
  /** On a very short terminal the title, then the status line, then the search line give way to the list. */
  showTitle: boolean;
  showSearch: boolean;
  showStatus: boolean;
  /** Lines drawn around the list (title, hints, search, captions, status). */
  chromeLines: number;
  listHeight: number;
  listWidth: number;
  preview: PreviewPlacement;
  previewWidth: number;
  previewHeight: number;
}

const CHROME_FULL = 5; // title, hints, search, column captions, status line
const CHROME_SMALL = 3; // title, search, status line
const PREVIEW_BELOW = 8; // a rule and seven lines
const MIN_LIST_WITH_PREVIEW = 5;
const RIGHT_PANE_MIN_COLUMNS = 120;

export function pickerLayout(columns: number, rows: number): PickerLayout {
  const width = Math.max(20, columns);
  const budget = Math.max(1, rows - 1);
  const showHints = budget >= 10;
  const shown = {
    showHints,
    showTitle: budget > CHROME_SMALL,
    showSearch: budget >= 2,
    showStatus: budget >= CHROME_SMALL,
  };
  const chromeLines = showHints ? CHROME_FULL : Number(shown.showTitle) + Number(shown.showSearch) + Number(shown.showStatus);
  const body = Math.max(1, budget - chromeLines);
  const common = { ...shown, chromeLines };

  if (width >= RIGHT_PANE_MIN_COLUMNS && body >= MIN_LIST_WITH_PREVIEW) {
    const previewWidth = Math.min(70, Math.floor(width * 0.4));
    // One column of gap between the list and the pane.
    return { ...common, listHeight: body, listWidth: width - previewWidth - 1, preview: "right", previewWidth, previewHeight: body };
  }
  if (body >= MIN_LIST_WITH_PREVIEW + PREVIEW_BELOW) {
    return { ...common, listHeight: body - PREVIEW_BELOW, listWidth: width, preview: "below", previewWidth: width, previewHeight: PREVIEW_BELOW };
  }
  return { ...common, listHeight: body, listWidth: width, preview: "none", previewWidth: 0, previewHeight: 0 };
}
