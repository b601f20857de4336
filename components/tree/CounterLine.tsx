// Dumb view: pi's "(selected/visible) [filter]" counter, plus find hit counts.
import { Text } from "ink";
import { sanitizeInline } from "../kit/sanitize.js";
import { statusTags, type TreeState } from "./tree-reducer.js";

export function CounterLine({ state, note }: { state: TreeState; note?: string | null }) {
  const count = state.visible.rows.length;
  const position = count === 0 ? "(0/0)" : `(${state.selected + 1}/${count})`;
  const find = state.find;
  let findText = "";
  if (find && find.total === 0) findText = `  find "${sanitizeInline(find.query)}": no matches in this session`;
  else if (find) {
    const hidden = find.total - find.hitRows.length;
    findText = `  find "${sanitizeInline(find.query)}": ${find.hitRows.length} shown${hidden > 0 ? `, ${hidden} hidden by filter/fold` : ""} (ctrl+n/ctrl+p)`;
  }
  return (
    <Text wrap="truncate" color="gray">
      {`  ${position}${statusTags(state)}`}
      <Text color="yellow">{findText}</Text>
      {note ? <Text color="green">{`  ${note}`}</Text> : null}
      {"   ? help"}
    </Text>
  );
}
