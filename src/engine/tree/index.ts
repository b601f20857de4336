// Barrel of tree/.
//   buildTree(loaded)            -> SessionTree: byId, roots, childrenOf (pi's getTree order), leafId,
//                                   labels, sessionName, branchPointCount
//   getBranch(tree, fromId?)     -> path root..fromId (default leaf), [] when unknown, cycle-safe
//   treeParent(tree, entry)      -> the entry it hangs under (null for roots: orphans, cut cycles too)
//   shownEntries(tree)           -> entries the tree shows, file order (earlier duplicate ids hidden)
//   parentOf(tree, id)           -> the entry id hangs under (undefined for roots)
//   pathIdSet(tree, fromId?)     -> Set of ids on a path ("is this on the active path?")
//   depthOf(tree, id)            -> steps from the root (-1 unknown)
//   branchPoints / leafEntries   -> entries with >1 child / with no child, file order
//   commonAncestorId(tree, a, b) -> deepest shared entry of two paths
//   walkTree(tree)               -> iterative pre-order {entry, depth, siblingIndex, siblingCount}
//   descendantCount, labelOf     -> subtree size, resolved label
//   sortPositionRange, resolveLabels, resolveSessionName -> the pi rules the above use
export * from "./tree.js";
export * from "./navigate.js";
export * from "./order.js";
export * from "./labels.js";
