// Barrel of the session picker screen.
export { PickerScreen, renderPicker } from "./PickerScreen.js";
export { SessionPicker, type SessionPickerProps } from "./SessionPicker.js";
export { initPickerState, pickerReducer, selectedSession, type PickerAction, type PickerState, type PickerExit } from "./picker-state.js";
export { buildRows } from "./rows.js";
export { matchSessions } from "./search.js";
export { formatAge } from "./age.js";
export { demoSessionPath } from "./demo-session.js";
export type { PickerRow, PickerScope, PickerSort, NameFilter } from "./types.js";
