// The compaction preview screen (reached from the tree) and its key table for the help overlay.
export { CompactionPreviewScreen, type CompactionPreviewScreenProps } from "./CompactionPreviewScreen.js";
export { PREVIEW_BINDINGS } from "./preview-keys.js";
