// Telling a follower that a file or folder may have changed: fs.watch for prompt news, and a stat
// poll beside it, because network and some container file systems send no events (and a watched
// file that is replaced stops sending them). The callback only says "look again"; the caller's look
// is what decides (a stat first, so an idle poll costs one stat).
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

export interface WatchOptions {
  /** How often to look without an event. */
  pollMs: number;
  /** Events closer together than this make one call (pi writes a turn as several appends). */
  debounceMs: number;
}

/** Call `onChange` soon after `path` (a file or a folder) changes; returns the function that stops watching. */
export function watchPath(path: string, onChange: () => void, options: WatchOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const soon = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) onChange();
    }, options.debounceMs);
    timer.unref?.();
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(path, { persistent: false }, soon);
    // A watcher that fails later (the file was removed) leaves the poll to notice.
    watcher.on("error", () => watcher?.close());
  } catch {
    // No events on this file system (or the path is gone): the poll alone follows it.
  }
  const poll = setInterval(soon, options.pollMs);
  // Watching must never be what keeps the process from exiting.
  poll.unref?.();
  return () => {
    stopped = true;
    clearInterval(poll);
    if (timer !== undefined) clearTimeout(timer);
    watcher?.close();
  };
}

/**
 * What a stat can tell of the session files in `dir` (names, sizes, modification times), so a poll
 * lists again only when one was added, removed or grew. "" for a folder that cannot be read.
 */
export function folderSignature(dir: string): string {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl")).sort();
  } catch {
    return "";
  }
  const parts: string[] = [];
  for (const name of names) {
    try {
      const { size, mtimeMs } = statSync(join(dir, name));
      parts.push(`${name}\u0000${size}\u0000${mtimeMs}`);
    } catch {
      // Removed between the listing and the stat: the next look sees it gone.
    }
  }
  return parts.join("\n");
}
