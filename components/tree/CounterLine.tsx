// Dumb view: pi's "(selected/visible) [filter]" counter, plus find hit counts ("hit 3/36" when the
// cursor is on a hit); a toggled follow (Ctrl+E).
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { statusTags, type TreeState } from "./tree-reducer.js";
import { findHitKeys } from "./tree-keys.js";

/** Position of `row` among the (ascending) hit rows, or -1 when it is no hit. */
function hitIndex(hitRows: Int32Array, row: number): number {
  let lo = 0;
  let hi = hitRows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (hitRows[mid] === row) return mid;
    if (hitRows[mid] < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function CounterLine({ state, note, cost }: { state: TreeState; note?: string | null; cost?: string }) {
  const theme = useTheme();
  const count = state.visible.rows.length;
  const position = count === 0 ? "(0/0)" : `(${state.selected + 1}/${count})`;
  const find = state.find;
  let findText = "";
  if (find && find.total === 0) findText = `  find "${sanitizeInline(find.query)}": no matches in this session`;
  else if (find) {
    const hidden = find.total - find.hitRows.length;
    const at = hitIndex(find.hitRows, state.selected);
    const where = at >= 0 ? `hit ${at + 1}/${find.hitRows.length}` : `${find.hitRows.length} shown`;
    findText = `  find "${sanitizeInline(find.query)}": ${where}${hidden > 0 ? `, ${hidden} hidden by filter/fold` : ""} (${findHitKeys()})`;
  }
  return (
    <Text wrap="truncate" {...theme.muted}>
      {`  ${position}${statusTags(state)}${state.follow === null ? "" : state.follow ? " [follow pi]" : " [follow off]"}`}
      {/* Before the find counts: on a narrow screen the note of the last key is what must show. */}
      {note ? <Text {...theme.success}>{`  ${note}`}</Text> : null}
      <Text {...theme.warning}>{findText}</Text>
      {cost ? `  ${cost}` : null}
      {"   ? help"}
    </Text>
  );
}
