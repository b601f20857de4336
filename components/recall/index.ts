// The recall screen (reached from the tree with /) and its key tables for the help overlay.
export { RecallScreen, type RecallScreenProps } from "./RecallScreen.js";
export { QUERY_BINDINGS, RESULT_BINDINGS, EXPANDED_BINDINGS, EXPANDED_SCROLL_BINDINGS, type RecallBinding } from "./recall-keys.js";
