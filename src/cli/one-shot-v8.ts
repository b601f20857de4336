// How a CLI command (not the explorer) tunes V8 before it runs: a command reads a session once and
// exits, usually within a few hundred milliseconds (docs/PERFORMANCE.md, bench section "cli-deep").
//
// - A young generation that does not grow: the command keeps most of what it parsed, and a growing
//   nursery would hold two growing copies of it before promoting it (about halves the peak memory).
// - Optimizing compilation later (about 20 times more runs of a function before TurboFan takes it):
//   in a process this short, TurboFan compiles some 180 functions on another thread (100 ms of CPU
//   and several MB on synth-deep) for code that has mostly run by the time it is ready. A command that
//   runs for seconds (recall, usage --all) still gets optimized code after a few milliseconds.
//   V8 counts towards tier-up differently per major version (V8 11: an interrupt budget in bytecode
//   bytes; 12: invocation counts); an unknown flag would print an error, so other versions keep
//   V8's default.
//   Hot loops: until TurboFan takes a function, `for...of` over an array allocates an iterator and
//   a result object per element (TurboFan's escape analysis is what removes them). The loops a
//   command runs once per entry or message (the scan's string sharing, the summarizer-input count,
//   the cut's message lists, the context projection, the text table) are indexed loops: on
//   synth-deep the iterators were some 20 of the 73 MB a `compact` allocated, each MB one more
//   scavenge of a young generation kept small (above).

const TIER_UP_LATER: Readonly<Record<number, string>> = {
  11: "--interrupt-budget=1351680", // 20 × V8 11's 66 KiB
  12: "--invocation-count-for-turbofan=60000", // 20 × V8 12's 3000
};

/**
 * The V8 flags a CLI command sets for itself, for the V8 version `v8Version` (process.versions.v8).
 * A command that `indexes` every session (recall --all) keeps the growing young generation: its
 * threads parse gigabytes and keep little of it, and a nursery that stays small collects far too
 * often (flags are the whole process's, its worker threads' too).
 */
export function oneShotV8Flags(v8Version: string, how: { indexes: boolean } = { indexes: false }): string[] {
  const flags = how.indexes ? [] : ["--semi-space-growth-factor=1"];
  const tierUp = TIER_UP_LATER[Number.parseInt(v8Version, 10)];
  if (tierUp) flags.push(tierUp);
  return flags;
}
