// The progress line of long commands (src/cli/progress-line.ts) and how the output draws it: quiet
// for short work, throttled, cleared at the end on a terminal, never sharing a line with a warning.
import { describe, expect, it } from "vitest";
import { createOutput } from "../../src/cli/output.js";
import { indexProgressTexts, listProgressText, progressReporter, type ProgressSink } from "../../src/cli/progress-line.js";

function sink(interactive: boolean): ProgressSink & { lines: (string | null)[] } {
  const lines: (string | null)[] = [];
  return { lines, interactive, progress: (line) => void lines.push(line) };
}

describe("progressReporter", () => {
  it("says nothing for the first 300 ms, then at most every 100 ms on a terminal, and clears its line when done", () => {
    let t = 0;
    const out = sink(true);
    const reporter = progressReporter(out, () => t, listProgressText);
    for (const [at, done] of [[100, 1], [299, 2], [300, 3], [350, 4], [400, 5], [450, 6], [520, 7]] as const) {
      t = at;
      reporter.onProgress({ done, total: 10 });
    }
    expect(out.lines).toEqual(["list: reading sessions 3/10 files, about 1 s left", "list: reading sessions 5/10 files, about 1 s left", "list: reading sessions 7/10 files, about 1 s left"]);
    reporter.done();
    expect(out.lines.at(-1)).toBeNull();
  });

  it("prints a line a second where stderr is not a terminal, nothing once the work is done, and never clears", () => {
    let t = 0;
    const out = sink(false);
    const reporter = progressReporter(out, () => t, listProgressText);
    for (const [at, done] of [[400, 1], [900, 2], [1500, 3], [2600, 10]] as const) {
      t = at;
      reporter.onProgress({ done, total: 10 });
    }
    expect(out.lines).toEqual(["list: reading sessions 1/10 files, about 4 s left", "list: reading sessions 3/10 files, about 4 s left"]);
    reporter.done();
    expect(out.lines).toHaveLength(2);
  });

  it("work done within 300 ms shows no line and clears none", () => {
    let t = 0;
    const out = sink(true);
    const reporter = progressReporter(out, () => t, listProgressText);
    t = 200;
    reporter.onProgress({ done: 10, total: 10 });
    reporter.done();
    expect(out.lines).toEqual([]);
  });
});

describe("the progress texts", () => {
  it("recall's index build: files, MB, and from the second report the rate since the one before and the time left", () => {
    // The bench folder's reports (ms, MB): the build ran 6.8 s, its first second mostly starting up.
    const text = indexProgressTexts();
    const report = (ms: number, mbDone: number) => text({ files: Math.round(mbDone / 20), totalFiles: 52, bytes: mbDone * 1e6, totalBytes: 1044e6 }, ms);
    expect(report(1480, 61)).toBe("recall: indexing sessions 3/52, 61.0/1044 MB");
    expect(report(3200, 262)).toBe("recall: indexing sessions 13/52, 262/1044 MB, 117 MB/s, about 7 s left");
    expect(report(4540, 523)).toBe("recall: indexing sessions 26/52, 523/1044 MB, 195 MB/s, about 3 s left");
    // Nothing new since the last report (or no time passed): no rate to tell.
    expect(report(4540, 523)).toBe("recall: indexing sessions 26/52, 523/1044 MB");
    expect(report(5660, 784)).toBe("recall: indexing sessions 39/52, 784/1044 MB, 233 MB/s, about 2 s left");
    expect(report(6800, 1044)).toBeNull();
  });

  it("list: files read and time left, minutes past a minute", () => {
    expect(listProgressText({ done: 0, total: 52 }, 400)).toBe("list: reading sessions 0/52 files");
    expect(listProgressText({ done: 2, total: 52 }, 6000)).toBe("list: reading sessions 2/52 files, about 2 min 30 s left");
    expect(listProgressText({ done: 52, total: 52 }, 6000)).toBeNull();
  });
});

describe("the output's progress line on a terminal", () => {
  it("is cleared before a warning is printed, so the two never share a line", () => {
    let err = "";
    const out = createOutput({ stdout: () => undefined, stderr: (text) => void (err += text), stderrIsTTY: true }, false);
    out.progress("list: reading sessions 3/52 files");
    out.warn("skipped /s/fifo.jsonl: not a regular file");
    out.warn("a second warning");
    out.progress(null);
    expect(err).toBe("\r\x1b[Klist: reading sessions 3/52 files\r\x1b[Kskipped /s/fifo.jsonl: not a regular file\na second warning\n\r\x1b[K");
  });
});
