// Barrel of the recall screen (issue 5, "In the app").
export { RecallScreen, type RecallScreenProps } from "./RecallScreen.js";
export { QUERY_BINDINGS, RESULT_BINDINGS, EXPANDED_BINDINGS, EXPANDED_SCROLL_HELP, type RecallBinding } from "./recall-keys.js";
