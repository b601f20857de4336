// The `tree --json` document: the engine's session view (oracle field names) plus diagnostics.
import { sessionView } from "../../engine/index.js";
import type { OpenedSession } from "../open-session.js";
import { withLeaf } from "../session-views.js";

export function treeJson(session: OpenedSession, leafId: string | null, profile: string): Record<string, unknown> {
  return {
    file: session.file,
    profile,
    ...sessionView(withLeaf(session.tree, leafId)),
    diagnostics: session.loaded.diagnostics,
  };
}
