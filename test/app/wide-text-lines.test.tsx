// Lines that hold wide (CJK) session text stay within the terminal's width where a wide character
// straddles the last column: Ink's own truncation (cli-truncate) lets such a line run one column over,
// which the terminal then wraps (found by the monkey test on a Korean session at 40x12).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk } from "../support/ink-kit.js";

const copies = useFixtureCopies("wide-text");
const WAIT_MS = 10_000;

/** A branched session whose texts put a wide character at every column parity. */
function wideSession(): string {
  const at = (i: number) => `2026-07-14T12:00:${String(i).padStart(2, "0")}.000Z`;
  const lines: object[] = [{ type: "session", version: 3, id: "wide", timestamp: at(0), cwd: "/p" }];
  const msg = (id: string, parentId: string | null, i: number, role: "user" | "assistant", text: string) =>
    lines.push({
      type: "message",
      id,
      parentId,
      timestamp: at(i),
      message:
        role === "user"
          ? { role, content: text, timestamp: i }
          : { role, content: [{ type: "text", text }], provider: "p", model: "m", stopReason: "stop", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 }, timestamp: i },
    });
  msg("u0000001", null, 1, "user", "고고 이슈를 등록해 주세요");
  msg("a0000001", "u0000001", 2, "assistant", "## 이슈 등록 완료 — #55 프론트엔드 디자인");
  msg("u0000002", "a0000001", 3, "user", "x 다크모드 수동 토글");
  msg("a0000002", "u0000002", 4, "assistant", "xx 로딩/빈 상태 개선 완료");
  msg("u0000003", "a0000001", 5, "user", "xxx 다른 방법으로 해 주세요");
  msg("a0000003", "u0000003", 6, "assistant", "## 이슈 등록 완료 — 다른 방법");
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

describe("wide text at the last column", () => {
  for (const size of [
    { columns: 40, rows: 12 },
    { columns: 41, rows: 14 },
  ]) {
    it(`the branch flow's plan lines fit ${size.columns} columns`, async () => {
      const file = join(copies.dir(), "wide.jsonl");
      writeFileSync(file, wideSession());
      const ui = await renderInk(<App env={{ cwd: copies.dir(), home: copies.dir(), env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size);
      await ui.waitFor((f) => /\(\d+\/\d+\)/.test(f), WAIT_MS);
      // The other branch's leaf: Enter opens the flow with both leaves captioned.
      for (const key of ["end", "enter"]) await ui.press(key);
      const frame = await ui.waitFor((f) => f.includes("Leaf now"), WAIT_MS);
      for (const raw of ui.frames()) {
        for (const line of raw.replace(/\x1b\[[0-9;]*m/g, "").split("\n")) expect(displayWidth(line), line).toBeLessThanOrEqual(size.columns);
      }
      expect(frame).toContain("Target");
    });
  }

  it("the find prompt and the search line fit 40 columns whatever is typed", async () => {
    const file = join(copies.dir(), "세션 파일 이름이 아주 긴 세션.jsonl");
    writeFileSync(file, wideSession());
    const size = { columns: 40, rows: 12 };
    const ui = await renderInk(<App env={{ cwd: copies.dir(), home: copies.dir(), env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size);
    await ui.waitFor((f) => /\(\d+\/\d+\)/.test(f), WAIT_MS);
    await ui.press("ctrl+g");
    await ui.waitFor((f) => f.includes("Find in full text:"), WAIT_MS);
    for (const ch of "eLdL]<7y dwIe[e<界界") await ui.press(ch);
    await ui.waitFor((f) => f.includes("界"), WAIT_MS);
    await ui.press("escape");
    for (const ch of "이슈 등록 완료 이슈 등록") await ui.press(ch);
    await ui.waitFor((f) => f.includes("Type to search: ") && f.includes("록"), WAIT_MS);
    for (const raw of ui.frames()) {
      for (const line of raw.replace(/\x1b\[[0-9;]*m/g, "").split("\n")) expect(displayWidth(line), line).toBeLessThanOrEqual(size.columns);
    }
  });
});
