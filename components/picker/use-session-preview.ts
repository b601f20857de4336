// Lazily read the selected session's file for the preview pane. Reads wait until the selection has
// rested for a moment (holding an arrow key reads nothing), results are cached per file version, and
// a read never runs inside a key handler.
import { useEffect, useRef, useState } from "react";
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

export function useSessionPreview(session: SessionInfo | undefined, load: PreviewLoader, delayMs = 60): PreviewState {
  const cache = useRef(new Map<string, PreviewState>());
  const [, setVersion] = useState(0);
  const key = session ? cacheKey(session) : undefined;

  useEffect(() => {
    if (!session || key === undefined || cache.current.has(key)) return;
    if (session.sizeBytes > PREVIEW_MAX_BYTES) {
      cache.current.set(key, { status: "error", message: "file too large to preview; open it to see more" });
      setVersion((v) => v + 1);
      return;
    }
    const timer = setTimeout(() => {
      let result: PreviewState;
      try {
        result = { status: "ready", details: load(session) };
      } catch (error) {
        result = { status: "error", message: error instanceof Error ? error.message : String(error) };
      }
      cache.current.set(key, result);
      setVersion((v) => v + 1);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [session, key, load, delayMs]);

  if (!session || key === undefined) return { status: "none" };
  return cache.current.get(key) ?? { status: "loading" };
}
