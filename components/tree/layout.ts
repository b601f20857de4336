// How the tree screen splits the terminal. The frame never uses more than rows - 1 lines (Ink clears
// the whole screen and flickers when a frame reaches the terminal height).
export interface TreeLayout {
  /** Tree window rows. */
  treeHeight: number;
  /** Columns of the tree part (cursor gutter + body + right column); 0 while the pane takes its place. */
  treeWidth: number;
  /** Columns of the detail pane including its border and padding; 0 when hidden. */
  paneWidth: number;
  /** Which chrome lines fit: on a very short terminal the status, title and search lines go first. */
  show: { title: boolean; search: boolean; counter: boolean; status: boolean };
}

/** Title, search line, counter and status lines around the tree window. */
const CHROME_LINES = 4;
/** Panes are offered side by side only from this width. */
const MIN_SPLIT_COLUMNS = 60;

/** Whether the detail pane fits beside the tree; where it does not, an open (focused) pane takes the tree's place. */
export const paneFitsBeside = (columns: number): boolean => columns >= MIN_SPLIT_COLUMNS;

export function treeLayout(columns: number, rows: number, pane: { shown: boolean; focused: boolean }): TreeLayout {
  // At least one tree row; each chrome line only while the frame still fits in rows - 1 lines.
  const spare = Math.max(0, rows - 2);
  const show = { counter: spare >= 1, search: spare >= 2, title: spare >= 3, status: spare >= CHROME_LINES };
  const chrome = Number(show.counter) + Number(show.search) + Number(show.title) + Number(show.status);
  const treeHeight = Math.max(1, rows - 1 - chrome);
  if (!paneFitsBeside(columns)) return { treeHeight, treeWidth: pane.focused ? 0 : columns, paneWidth: pane.focused ? columns : 0, show };
  const paneWidth = pane.shown ? Math.floor(columns * 0.45) : 0;
  return { treeHeight, treeWidth: columns - paneWidth, paneWidth, show };
}

/** The pane starts shown on wide terminals. */
export const paneShownByDefault = (columns: number): boolean => columns >= 110;
