// Builds everything the tree screen needs from a SessionTree, once per tree.
import { useMemo } from "react";
import type { PiProfile, SessionTree } from "../../src/engine/index.js";
import { computeSessionFacts, type SessionFacts } from "./session-facts.js";
import { createTreeModel, type TreeModel } from "./tree-model.js";

export interface TreeSession {
  model: TreeModel;
  facts: SessionFacts;
  name?: string;
}

function prepareTreeSession(tree: SessionTree, home: string, profile: PiProfile, now = new Date()): TreeSession {
  const model = createTreeModel(tree, home);
  return { model, facts: computeSessionFacts(tree, model.flat, profile, now), name: tree.sessionName };
}

export function useTreeSession(tree: SessionTree, home: string, profile: PiProfile): TreeSession {
  return useMemo(() => prepareTreeSession(tree, home, profile), [tree, home, profile]);
}
