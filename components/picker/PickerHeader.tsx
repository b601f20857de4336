// Title, scope / name / sort state, and the key hints: pi's /resume header, one line each.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { displayWidth, padToWidth, truncateToWidth } from "../kit/text-width.js";
import { SORT_LABEL, type NameFilter, type PickerScope, type PickerSort } from "./types.js";
import { pickerHints } from "./key-actions.js";

export interface PickerHeaderProps {
  scope: PickerScope;
  sort: PickerSort;
  nameFilter: NameFilter;
  showPath: boolean;
  loading: boolean;
  showHints: boolean;
  width: number;
}

export function PickerHeader({ scope, sort, nameFilter, showPath, loading, showHints, width }: PickerHeaderProps) {
  const title = scope === "current" ? "Sessions (Current Folder)" : "Sessions (All Projects)";
  const scopeText = loading ? "○ Current Folder | Loading…" : scope === "current" ? "◉ Current Folder | ○ All" : "○ Current Folder | ◉ All";
  const state = truncateToWidth(`${scopeText}  Name: ${nameFilter === "all" ? "All" : "Named"}  Sort: ${SORT_LABEL[sort]}`, width, "");
  const left = padToWidth(title, Math.max(0, width - displayWidth(state) - 1));
  const theme = useTheme();
  const hints = pickerHints(showPath);
  return (
    <>
      <Text wrap="truncate">
        <Text {...theme.title}>{left}</Text> <Text {...theme.accent}>{state}</Text>
      </Text>
      {showHints ? (
        <Text {...theme.dim} wrap="truncate">
          {truncateToWidth(hints, width)}
        </Text>
      ) : null}
    </>
  );
}
