// One recall index per loaded session (and pi profile), built on first use and shared by every
// later opening of the recall screen for that session.
import { buildRecallIndexForTree, type PiProfile, type RecallIndex, type SessionTree } from "../../src/engine/index.js";

const cache = new WeakMap<SessionTree, Map<PiProfile, RecallIndex>>();

export function cachedRecallIndex(tree: SessionTree, profile: PiProfile): RecallIndex | undefined {
  return cache.get(tree)?.get(profile);
}

export function recallIndexFor(tree: SessionTree, profile: PiProfile): RecallIndex {
  let byProfile = cache.get(tree);
  if (byProfile === undefined) cache.set(tree, (byProfile = new Map()));
  let index = byProfile.get(profile);
  if (index === undefined) {
    index = buildRecallIndexForTree(tree, { profile });
    byProfile.set(profile, index);
  }
  return index;
}
