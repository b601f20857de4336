// User regexes run on JavaScript's backtracking engine, so a pattern is checked before it runs:
// a repeated group that itself repeats or alternates (`(a+)+`, `(a|aa)*`) can take exponential
// time and is refused, and backreferences are refused. What remains is at worst polynomial; the
// searcher bounds that by matching windows of a line whose length shrinks as open-ended repeats
// add up, and by a deadline checked between windows.

export interface RegexShape {
  /** Number of `*`, `+`, `{n,}` and wide `{n,m}` in the pattern. */
  unbounded: number;
}

const isQuantStart = (p: string, i: number): boolean => p[i] === "*" || p[i] === "+" || p[i] === "?" || (p[i] === "{" && /^\{\d+(,\d*)?\}/.test(p.slice(i)));

/** Length of the quantifier at i (0 if none) and whether it can repeat more than once / without end. */
function quantAt(p: string, i: number): { len: number; repeats: boolean; unbounded: boolean } {
  const c = p[i];
  if (c === "*" || c === "+") return { len: 1 + (p[i + 1] === "?" ? 1 : 0), repeats: true, unbounded: true };
  if (c === "?") return { len: 1 + (p[i + 1] === "?" ? 1 : 0), repeats: false, unbounded: false };
  if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}\??/.exec(p.slice(i));
    if (m) {
      const max = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]);
      // A wide bounded repeat ({0,1000}) costs like an open-ended one.
      return { len: m[0].length, repeats: max > 1, unbounded: max > 50 };
    }
  }
  return { len: 0, repeats: false, unbounded: false };
}

/** The pattern's shape when it may run; otherwise the reason it is refused. */
export function checkRegexSafety(pattern: string): { ok: true; shape: RegexShape } | { ok: false; reason: string } {
  const stack: { repeats: boolean; alternates: boolean }[] = [{ repeats: false, alternates: false }];
  let unbounded = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || (next === "k" && pattern[i + 2] === "<")) return { ok: false, reason: "backreferences are not supported" };
      i++;
      continue;
    }
    if (c === "[") {
      i++;
      if (pattern[i] === "^") i++;
      if (pattern[i] === "]") i++;
      while (i < pattern.length && pattern[i] !== "]") {
        if (pattern[i] === "\\") i++;
        i++;
      }
      continue;
    }
    if (c === "(") {
      stack.push({ repeats: false, alternates: false });
      continue;
    }
    if (c === "|") {
      stack[stack.length - 1].alternates = true;
      continue;
    }
    if (c === ")") {
      const group = stack.length > 1 ? stack.pop()! : { repeats: false, alternates: false };
      const q = quantAt(pattern, i + 1);
      if (q.len) {
        if (q.repeats && (group.repeats || group.alternates))
          return { ok: false, reason: "a repeated group contains another repetition or an alternation, which can take exponential time" };
        if (q.unbounded) unbounded++;
        i += q.len;
      }
      if (group.repeats || q.repeats) stack[stack.length - 1].repeats = true;
      continue;
    }
    if (isQuantStart(pattern, i)) {
      const q = quantAt(pattern, i);
      if (q.repeats) stack[stack.length - 1].repeats = true;
      if (q.unbounded) unbounded++;
      i += Math.max(q.len, 1) - 1;
    }
  }
  if (unbounded > 6) return { ok: false, reason: `it has ${unbounded} open-ended repetitions (at most 6)` };
  return { ok: true, shape: { unbounded } };
}

/**
 * Characters of a line matched at once: long lines are cut into overlapping windows of this size.
 * A backtracking match can cost about window^(repetitions + 1) steps (`a*b` restarts at every
 * position), so windows shrink as open-ended repetitions add up, keeping one window under roughly
 * 3·10^7 steps (tens of milliseconds); the caller's deadline is checked between windows.
 */
/** The window for a shape checkRegexSafety refuses, when the caller bounds the time instead (parseRecallQuery's timeBounded). */
export const RISKY_SHAPE_CHUNK = 300;

export function chunkLengthFor(shape: RegexShape): number {
  return [8000, 5000, 300, 70, 30, 20, 20][Math.min(shape.unbounded, 6)];
}
