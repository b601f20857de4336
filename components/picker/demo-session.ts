// The bundled demo session, offered when there are no sessions at all, and the one private working
// copy of it an app run opens. The file work itself is the store's (src/engine/store/demo-copy.ts).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { demoCopyExists, findBundledDemo, makeDemoCopy, removeDemoCopy, type DemoCopy } from "../../src/engine/index.js";

/** Path of fixtures/demo/demo-session.jsonl in the installed package, or undefined when it is missing. */
export function demoSessionPath(moduleUrl: string = import.meta.url): string | undefined {
  return findBundledDemo(dirname(fileURLToPath(moduleUrl)));
}

/** The demo as one app run opens it. */
export interface DemoWorkingCopy {
  /** The file to open: this run's copy, made on first use; undefined when no copy can be made. */
  path(): string | undefined;
  /** Delete this run's copy, if one was made. */
  dispose(): void;
}

/**
 * One copy per app run, reused by every open: opening the demo a second time shows the labels,
 * forks and commits the user made on it earlier in this run, as reopening any session would. The
 * copy is made again only when its file has vanished (e.g. the temp folder was cleaned meanwhile).
 */
export function demoWorkingCopy(bundled: string, tempRoot: string): DemoWorkingCopy {
  let copy: DemoCopy | undefined;
  return {
    path() {
      if (copy && !demoCopyExists(copy)) {
        removeDemoCopy(copy);
        copy = undefined;
      }
      copy ??= makeDemoCopy(bundled, tempRoot);
      // Never the bundled file itself: a label or commit tried on the demo would edit the package.
      return copy?.file;
    },
    dispose() {
      if (copy) removeDemoCopy(copy);
      copy = undefined;
    },
  };
}
