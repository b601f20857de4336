// The one "how big is the context here" number, as pi itself counts it: 1.6 uses its projected
// estimate (usage trusted only when newer than every compaction and context edit), 0.73 anchors on
// the last assistant usage. Every screen that shows a context total asks this module, so the same
// leaf never shows two different figures.
import { buildContextFromPath, type SessionContext } from "../context/build-context.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { estimateProjectedContextTokens } from "./projected.js";
import { estimateContextTokens, type ContextTokenEstimate } from "./usage.js";

/**
 * pi's estimate for a context already built from `path` (root first, its last entry the leaf).
 * The path is what 1.6 checks for compactions and context edits newer than the usage it anchors on.
 */
export function estimateBuiltContext(context: SessionContext, path: readonly SessionEntry[], profile: PiProfile = "1.6"): ContextTokenEstimate {
  if (profile === "1.6" && context.projection) return estimateProjectedContextTokens(context.projection, path);
  return estimateContextTokens(
    context.messages.map((m) => m.message),
    profile,
  );
}

/** pi's estimate of the context at the end of `path` (root first): what it would count with that leaf. */
export function estimateContextAtPath(path: readonly SessionEntry[], profile: PiProfile = "1.6"): ContextTokenEstimate {
  return estimateBuiltContext(buildContextFromPath(path, profile), path, profile);
}
