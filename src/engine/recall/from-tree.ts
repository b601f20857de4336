// The recall index of a loaded session: active path from the tree, "forgotten" from the context
// pi would build at that leaf (entries on the path that contribute no message to it).
import { buildContext } from "../context/build-context.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { PiProfile } from "../types.js";
import { buildRecallIndex } from "./build.js";
import type { RecallIndex } from "./types.js";

export interface TreeRecallOptions {
  /** Default: the leaf pi picks on load. */
  leafId?: string | null;
  profile?: PiProfile;
}

export function buildRecallIndexForTree(tree: SessionTree, opts: TreeRecallOptions = {}): RecallIndex {
  const leafId = opts.leafId === undefined ? tree.leafId : opts.leafId;
  const profile = opts.profile ?? "1.6";
  const entries = tree.loaded.entries;
  const context = buildContext(entries, leafId, profile, tree.byId);
  const contextEntryIds: string[] = [];
  for (const m of context.messages) if (m.sourceId !== null) contextEntryIds.push(m.sourceId);
  return buildRecallIndex({ entries, leafId, path: getBranch(tree, leafId), contextEntryIds });
}
