// A running pi on the file, checked when a confirm step opens (off the render path).
import { useEffect, useState } from "react";
import { findRunningPi, type RunningPiFinding } from "../../src/pi-bridge/running-pi.js";

/** The warning line to show before a write, or undefined when no pi seems to run on `file`. */
export function useRunningPi(file: string, sessionCwd: string | undefined): RunningPiFinding | undefined {
  const [finding, setFinding] = useState<RunningPiFinding | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setFinding(findRunningPi({ file, sessionCwd, nowMs: Date.now() })), 0);
    return () => clearTimeout(timer);
  }, [file, sessionCwd]);
  return finding;
}

/** The head line a confirm step shows for `finding` (none when there is nothing to say). */
export const runningPiLines = (finding: RunningPiFinding | undefined): string[] =>
  finding ? [`  Warning: ${finding.line}. y writes anyway, Esc cancels.`] : [];
