// Carries out the timeline's key table through the key router (screen layer).
import { useKeyLayer } from "../kit/key-router.js";
import { timelineKeyAction } from "./timeline-keys.js";
import type { TimelineAction } from "./timeline-state.js";

export interface TimelineInputDeps {
  dispatch: (action: TimelineAction) => void;
  onJump: () => void;
  onBack: () => void;
  onHelp: () => void;
}

export function useTimelineInput(deps: TimelineInputDeps, enabled: boolean): void {
  useKeyLayer(
    "screen",
    (key) => {
      const run = timelineKeyAction(key.name);
      if (run === null) return false;
      if (run === "jump") deps.onJump();
      else if (run === "back") deps.onBack();
      else if (run === "help") deps.onHelp();
      else deps.dispatch(run);
      return true;
    },
    enabled,
  );
}
