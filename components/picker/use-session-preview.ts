// Lazily read the selected session's file for the preview pane. Reads wait until the selection has
// rested for a moment (holding an arrow key reads nothing), results are cached per file version, and
// a read never runs inside a key handler.
import { useEffect, useState } from "react";
import type { SessionInfo } from "../../src/engine/index.js";
import type { PreviewDetails } from "./preview-data.js";

export type PreviewState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; details: PreviewDetails }
  | { status: "error"; message: string };

export type PreviewLoader = (session: SessionInfo) => PreviewDetails;

/** Files above this size are not read just to preview them. */
const PREVIEW_MAX_BYTES = 64 * 1024 * 1024;

const cacheKey = (s: SessionInfo): string => `${s.path}\0${s.modified.getTime()}\0${s.sizeBytes}`;

const TOO_LARGE: PreviewState = { status: "error", message: "file too large to preview; open it to see more" };

export function useSessionPreview(session: SessionInfo | undefined, load: PreviewLoader, delayMs = 60): PreviewState {
  // Results per file version; a new map per result, so the preview re-renders when one arrives.
  const [cache, setCache] = useState<ReadonlyMap<string, PreviewState>>(() => new Map());
  const key = session ? cacheKey(session) : undefined;
  const tooLarge = session !== undefined && session.sizeBytes > PREVIEW_MAX_BYTES;

  useEffect(() => {
    if (!session || key === undefined || tooLarge || cache.has(key)) return;
    const timer = setTimeout(() => {
      let result: PreviewState;
      try {
        result = { status: "ready", details: load(session) };
      } catch (error) {
        result = { status: "error", message: error instanceof Error ? error.message : String(error) };
      }
      setCache((before) => new Map(before).set(key, result));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [session, key, load, delayMs, tooLarge, cache]);

  if (!session || key === undefined) return { status: "none" };
  if (tooLarge) return TOO_LARGE;
  return cache.get(key) ?? { status: "loading" };
}
