// Query parsing and the safety check on user regular expressions.
import { describe, expect, it } from "vitest";
import { buildRecallIndex, checkRegexSafety, parseRecallQuery, search, type SessionEntry } from "../../src/engine/index.js";

describe("parseRecallQuery", () => {
  it("splits words, lower-cases them and drops stop words and single letters", () => {
    const q = parseRecallQuery("Fix the Flaky test in a CI job");
    expect(q.ok && q.value.matcher).toEqual({ kind: "terms", words: ["fix", "flaky", "test", "ci", "job"], phrases: [] });
  });

  it("keeps quoted phrases and reads filters", () => {
    const q = parseRecallQuery('"session store" role:user tool:Bash file:src/x.ts refactor');
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    expect(q.value.matcher).toEqual({ kind: "terms", words: ["refactor"], phrases: [["session", "store"]] });
    expect(q.value.filters).toEqual({ roles: ["user"], tools: ["bash"], files: ["src/x.ts"] });
  });

  it("a quoted filter value may hold spaces; a quoted key is just words", () => {
    const q = parseRecallQuery('file:"my dir/a.ts" "role:user"');
    expect(q.ok && q.value.filters.files).toEqual(["my dir/a.ts"]);
    expect(q.ok && q.value.matcher).toEqual({ kind: "terms", words: [], phrases: [["role", "user"]] });
  });

  it("a /pattern/ is a case-insensitive regular expression; filters may surround it", () => {
    const q = parseRecallQuery("role:tool /exit(ed)? with code [1-9]/ tool:bash");
    expect(q.ok).toBe(true);
    if (!q.ok || q.value.matcher.kind !== "regex") throw new Error("expected a regex");
    expect(q.value.matcher.source).toBe("exit(ed)? with code [1-9]");
    expect(q.value.matcher.regex.flags).toContain("i");
    expect(q.value.filters.roles).toEqual(["toolResult"]);
    expect(q.value.filters.tools).toEqual(["bash"]);
  });

  it("prose with ? or . stays a word query (no accidental regex mode)", () => {
    const q = parseRecallQuery("why did the build fail?");
    expect(q.ok && q.value.matcher.kind).toBe("terms");
  });

  it("mistakes come back as one-line messages", () => {
    const cases: [string, RegExp][] = [
      ['"unclosed phrase', /^Unterminated quote in query/],
      ["role:robot", /^Unknown role "robot"/],
      ["role:", /^The filter role: needs a value/],
      ["/(unclosed/", /^Invalid regular expression \/\(unclosed\/: /],
      ["/abc", /^Unterminated regular expression/],
      ["/a/ and words", /^A regular expression cannot be combined with words/],
      ["/a/g", /^Unsupported regular expression flag "g"/],
      ["scope:sideways", /^Unknown scope "sideways"/],
    ];
    for (const [text, message] of cases) {
      const q = parseRecallQuery(text);
      expect(q.ok, text).toBe(false);
      if (!q.ok) {
        expect(q.message).toMatch(message);
        expect(q.message).not.toContain("\n");
      }
    }
  });
});

describe("regex safety", () => {
  it("refuses patterns that can take exponential time, and backreferences", () => {
    for (const p of ["(a+)+$", "(a*)*b", "(x|xx)*y", "((ab)+c)+", "(a{1,9})+", "(\\w+\\s?)+$", "(a)\\1", "(?<x>a)\\k<x>"]) {
      expect(checkRegexSafety(p).ok, p).toBe(false);
    }
  });

  it("accepts ordinary patterns, including repeated groups without inner repetition", () => {
    for (const p of ["foo|bar", "exit code [1-9]\\d*", "(ab)+c", "(?:foo)?bar", "[(+*)]+x", "a{2}b", "\\(a+\\)+"]) {
      expect(checkRegexSafety(p).ok, p).toBe(true);
    }
  });

  it("a refused pattern never runs: the search answers at once with the reason", () => {
    const entries: SessionEntry[] = [
      { type: "message", id: "u", parentId: null, timestamp: "t", message: { role: "user", content: `${"a".repeat(5000)}!` } },
    ];
    const r = search(buildRecallIndex({ entries }), "/(a+)+$/");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Refused regular expression \/\(a\+\)\+\$\/: .*exponential/);
  });

  it("an allowed but polynomial pattern over a 100,000-character line stops at its deadline", () => {
    const entries: SessionEntry[] = [
      { type: "message", id: "u", parentId: null, timestamp: "t", message: { role: "user", content: "a".repeat(100_000) } },
    ];
    let calls = 0;
    const r = search(buildRecallIndex({ entries }), "/a*a*a*b/", { now: () => calls++, budgetMs: 50 });
    expect(r.ok && r.value.timedOut).toBe(true);
    expect(r.ok && r.value.total).toBe(0);
  });

  it("a single open-ended repetition over a long line finds a match near its end", () => {
    const entries: SessionEntry[] = [
      { type: "message", id: "u", parentId: null, timestamp: "t", message: { role: "user", content: `${"a".repeat(50_000)} needle here` } },
    ];
    const r = search(buildRecallIndex({ entries }), "/nee+dle/");
    expect(r.ok && r.value.hits.map((h) => h.entryId)).toEqual(["u"]);
    expect(r.ok && r.value.hits[0].snippet!.text).toContain("needle here");
  });
});
