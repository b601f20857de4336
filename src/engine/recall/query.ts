// Parsing what the user typed: words, "quoted phrases", /regular expressions/, and filters
// (role:, tool:, file:, scope:). Every mistake comes back as a one-line message.
import { checkRegexSafety } from "./regex-safety.js";
import { parseScope } from "./scope.js";
import { STOP_WORDS } from "./stopwords.js";
import { tokenize } from "./tokenize.js";
import type { RecallFilters, RecallMatcher, RecallQuery, RecallResult, RecallRole, RecallScope } from "./types.js";

const ROLE_NAMES: Record<string, RecallRole[]> = {
  user: ["user"],
  assistant: ["assistant"],
  tool: ["toolResult"],
  toolresult: ["toolResult"],
  tool_result: ["toolResult"],
  result: ["toolResult"],
  bash: ["bash"],
  compaction: ["compaction"],
  branch: ["branchSummary"],
  branchsummary: ["branchSummary"],
  branch_summary: ["branchSummary"],
  summary: ["compaction", "branchSummary"],
};
const FILTER_KEYS = new Set(["role", "tool", "file", "scope"]);

interface RawToken {
  text: string;
  quoted: boolean;
  start: number;
}

/** Whitespace-separated tokens; "double quotes" group (a filter value may be quoted too: file:"a b"). */
function splitTokens(text: string): RecallResult<RawToken[]> {
  const out: RawToken[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const start = i;
    let value = "";
    let quoted = false;
    while (i < text.length && !/\s/.test(text[i])) {
      if (text[i] === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) return { ok: false, message: `Unterminated quote in query: ${text.slice(i)}` };
        value += text.slice(i + 1, close);
        quoted = true;
        i = close + 1;
      } else {
        value += text[i++];
      }
    }
    out.push({ text: value, quoted, start });
  }
  return { ok: true, value: out };
}

export interface ParseQueryOptions {
  /**
   * The caller stops a search that runs past its time budget (src/host/time-budget.ts), so a regex is
   * not refused for its shape (nested or alternated repeats): the work is bounded, not the syntax.
   * Without it, shapes that can backtrack exponentially are refused, as nothing else would stop them.
   */
  timeBounded?: boolean;
}

export function parseRecallQuery(input: string, opts: ParseQueryOptions = {}): RecallResult<RecallQuery> {
  const text = input.trim();
  const filters: RecallFilters = { roles: [], tools: [], files: [] };
  let scope: RecallScope | undefined;
  let regexPart: { source: string; flags: string } | undefined;
  let rest = text;
  // A regex runs from a token that starts with "/" to the last "/" of the query.
  const slash = /(^|\s)\//.exec(text);
  if (slash) {
    const open = slash.index + slash[1].length;
    const close = text.lastIndexOf("/");
    if (close <= open + 1) return { ok: false, message: `Unterminated regular expression in query: ${text.slice(open)} (write /pattern/)` };
    const after = /^[a-z]*/.exec(text.slice(close + 1))![0];
    regexPart = { source: text.slice(open + 1, close), flags: after };
    rest = `${text.slice(0, open)} ${text.slice(close + 1 + after.length)}`;
  }
  const split = splitTokens(rest);
  if (!split.ok) return split;
  const wordTokens: RawToken[] = [];
  for (const tok of split.value) {
    const colon = tok.text.indexOf(":");
    const key = colon > 0 ? tok.text.slice(0, colon).toLowerCase() : "";
    // The key must be written bare: `"role:user"` in quotes is a phrase, not a filter.
    if (!FILTER_KEYS.has(key) || rest.slice(tok.start, tok.start + colon + 1).toLowerCase() !== `${key}:`) {
      wordTokens.push(tok);
      continue;
    }
    const value = tok.text.slice(colon + 1);
    if (value === "") return { ok: false, message: `The filter ${key}: needs a value (e.g. ${key}:${exampleFor(key)}).` };
    if (key === "role") {
      const roles = ROLE_NAMES[value.toLowerCase()];
      if (!roles) return { ok: false, message: `Unknown role "${value}": use user, assistant, tool, bash, compaction, branch or summary.` };
      filters.roles.push(...roles);
    } else if (key === "tool") filters.tools.push(value.toLowerCase());
    else if (key === "file") filters.files.push(value);
    else {
      const parsed = parseScope(value);
      if (!parsed.ok) return parsed;
      scope = parsed.value;
    }
  }
  let matcher: RecallMatcher;
  if (regexPart) {
    if (wordTokens.length) return { ok: false, message: `A regular expression cannot be combined with words; put them inside the pattern: ${text}` };
    const built = buildRegex(regexPart.source, regexPart.flags, opts.timeBounded === true);
    if (!built.ok) return built;
    matcher = { kind: "regex", source: regexPart.source, regex: built.value };
  } else {
    matcher = termsMatcher(wordTokens);
  }
  return { ok: true, value: { text, matcher, filters, ...(scope ? { scope } : {}) } };
}

const exampleFor = (key: string): string => ({ role: "user", tool: "bash", file: "src/x.ts", scope: "all" })[key] ?? "x";

function buildRegex(source: string, flags: string, timeBounded: boolean): RecallResult<RegExp> {
  const bad = flags.replace(/[imsu]/g, "");
  if (bad) return { ok: false, message: `Unsupported regular expression flag "${bad}" in /${source}/${flags} (use i, m, s or u).` };
  const safety = checkRegexSafety(source);
  if (!safety.ok && !timeBounded) return { ok: false, message: `Refused regular expression /${source}/: ${safety.reason}.` };
  try {
    const all = new Set(`${flags}i`);
    return { ok: true, value: new RegExp(source, [...all].join("")) };
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^Invalid regular expression: /, "") : String(err);
    return { ok: false, message: `Invalid regular expression /${source}/: ${why}` };
  }
}

function termsMatcher(tokens: RawToken[]): RecallMatcher {
  const phrases: string[][] = [];
  const candidates: string[] = [];
  for (const tok of tokens) {
    const terms = tokenize(tok.text);
    if (tok.quoted && terms.length > 1) phrases.push(terms);
    else candidates.push(...terms);
  }
  const kept = candidates.filter((t) => t.length > 1 && !STOP_WORDS.has(t));
  const words = [...new Set(kept.length || phrases.length ? kept : candidates)];
  if (!words.length && !phrases.length) return { kind: "none" };
  return { kind: "terms", words, phrases };
}
