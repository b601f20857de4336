// Small pieces of the compiler whose exact output the summary text depends on.
import { describe, expect, it } from "vitest";
import { compressCommand } from "../../src/engine/summary/command.js";
import { commitHash, commitMessage } from "../../src/engine/summary/sections/commits.js";
import { clip, sanitize } from "../../src/engine/summary/text.js";
import { collapseSkillBlocks, truncateContentWords } from "../../src/engine/summary/words.js";

describe("commit extraction", () => {
  it("reads -m in double, single and ANSI-C quotes, first line only", () => {
    expect(commitMessage('git commit -m "fix: a \\"quoted\\" thing"')).toBe('fix: a "quoted" thing');
    expect(commitMessage("git add . && git commit -am 'feat: x'")).toBe("feat: x");
    expect(commitMessage("git commit -m $'title\\nbody'")).toBe("title");
    expect(commitMessage("git commit --amend --no-edit")).toBeUndefined();
    expect(commitMessage('git commit -m "unterminated')).toBeUndefined();
  });

  it("finds the hash in git's bracket line, then in a range, then any short hex word", () => {
    expect(commitHash("[main (root-commit) abc1234] init")).toBe("abc1234");
    expect(commitHash("To github.com:x/y.git\n   1111111..2222222  main -> main")).toBe("2222222");
    expect(commitHash("created deadbee1")).toBe("deadbee1");
    expect(commitHash("nothing here")).toBeUndefined();
  });
});

describe("command compression", () => {
  it("drops a leading cd (quoted paths too) and display pipes, keeps the first line", () => {
    expect(compressCommand('cd "/a b/c" && npm test 2>&1 | tail -20 | head -5')).toBe("npm test 2>&1");
    expect(compressCommand("\n\nls -la\nsecond line")).toBe("ls -la");
    expect(compressCommand("a || b")).toBe("a || b");
    expect(compressCommand("x".repeat(200))).toBe(`${"x".repeat(117)}...`);
  });
});

describe("text helpers", () => {
  it("truncates after N content words, ignoring stop words, on one line", () => {
    expect(truncateContentWords("the cat sat\n\n on   the mat today", 3)).toBe("the cat sat on the mat...(truncated)");
    expect(truncateContentWords("fix it", 5)).toBe("fix it");
  });

  it("collapses skill blocks, closed or cut off", () => {
    expect(collapseSkillBlocks('do <skill name="lint">long body</skill> now')).toBe("do [skill: lint] now");
    expect(collapseSkillBlocks('<skill name="cut">never closed')).toBe("[skill: cut]");
  });

  it("sanitizes line ends, ANSI and control characters; clips without splitting surrogates", () => {
    expect(sanitize("a\r\nb\rc\u001b[31mred\u001b[0m\u0007\tz")).toBe("a\nb\ncred\tz");
    expect(clip(`ab${"😀"}cdef`, 6)).toBe("ab...");
  });
});
