// Following a session file while pi appends (store/follow.ts): only the appended complete lines are
// parsed, and the session they make equals a whole read of the file; a last line without its newline
// waits and is never reported; a file that shrank, was replaced or changed before its old end asks
// for a whole read.
import { appendFileSync, readFileSync, renameSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFollowUpdate, readSessionFile, startFollow, type FollowPoint, type FollowUpdate } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";

const copies = useFixtureCopies("follow");

const line = (id: string, parentId: string, text: string): string =>
  `${JSON.stringify({ type: "message", id, parentId, timestamp: "2026-11-01T10:01:00.000Z", message: { role: "user", content: text, timestamp: 1 } })}\n`;

function follow(file: string): FollowPoint {
  const { loaded, snapshot } = readSessionFile(file, "1.6");
  return startFollow(loaded, snapshot, "1.6");
}

function appended(update: FollowUpdate): Extract<FollowUpdate, { kind: "appended" }> {
  if (update.kind !== "appended") throw new Error(`expected appended lines, got ${update.kind}`);
  return update;
}

describe("following appended lines", () => {
  it("parses only the new lines and gives the session a whole read gives", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    expect(readFollowUpdate(point).kind).toBe("unchanged");
    appendFileSync(file, line("u9", "lb1", "one more") + line("u10", "u9", "and another"));
    const update = appended(readFollowUpdate(point));
    expect(update.added).toBe(2);
    const whole = readSessionFile(file, "1.6");
    expect(update.point.loaded.entries).toEqual(whole.loaded.entries);
    expect(update.point.loaded.entryLines).toEqual(whole.loaded.entryLines);
    expect(update.point.loaded.diagnostics).toEqual(whole.loaded.diagnostics);
    // The new point guards commits exactly as a fresh read would.
    expect(update.point.snapshot).toEqual(whole.snapshot);
  });

  it("reports a damaged appended line at its physical line, as a whole read does", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    appendFileSync(file, `{"type":"message","id":"bad"\n${line("u9", "lb1", "after the damage")}`);
    const update = appended(readFollowUpdate(point));
    const whole = readSessionFile(file, "1.6").loaded;
    expect(update.point.loaded.diagnostics).toEqual(whole.diagnostics);
    expect(update.point.loaded.diagnostics.map((d) => d.line)).toContain(22);
    expect(update.added).toBe(1);
  });

  it("leaves a last line without its newline waiting, unreported, until it is complete", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    const whole = line("u9", "lb1", "written in two halves");
    appendFileSync(file, whole.slice(0, 40));
    const waiting = readFollowUpdate(point);
    expect(waiting.kind).toBe("waiting");
    if (waiting.kind !== "waiting") return;
    expect(waiting.waitingBytes).toBe(40);
    expect(waiting.point.loaded).toBe(point.loaded);
    // Asked again with nothing new: no re-read of the half line.
    expect(readFollowUpdate(waiting.point).kind).toBe("unchanged");
    appendFileSync(file, whole.slice(40));
    const update = appended(readFollowUpdate(waiting.point));
    expect(update.added).toBe(1);
    expect(update.waitingBytes).toBe(0);
    expect(update.point.loaded.diagnostics).toEqual(point.loaded.diagnostics);
  });

  it("shows the complete lines of an append and keeps its unfinished tail waiting", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    const next = line("u10", "u9", "second");
    appendFileSync(file, line("u9", "lb1", "first") + next.slice(0, 10));
    const update = appended(readFollowUpdate(point));
    expect(update.added).toBe(1);
    expect(update.waitingBytes).toBe(10);
    appendFileSync(file, next.slice(10));
    const rest = appended(readFollowUpdate(update.point));
    expect(rest.point.loaded.entries.map((e) => e.id).slice(-2)).toEqual(["u9", "u10"]);
  });
});

describe("files that are not only appended to", () => {
  it("a file that shrank", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    truncateSync(file, 100);
    expect(readFollowUpdate(point)).toEqual({ kind: "rewritten", cause: "shrank" });
  });

  it("a file replaced by another one (new inode)", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    const other = join(copies.dir(), "other.jsonl");
    writeFileSync(other, readFileSync(file));
    renameSync(other, file);
    expect(readFollowUpdate(point)).toEqual({ kind: "rewritten", cause: "replaced" });
  });

  it("bytes before the old end changed", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    const text = readFileSync(file, "utf8").replace("Help me refactor", "Help me REFACTOR");
    writeFileSync(file, text + line("u9", "lb1", "x"));
    expect(readFollowUpdate(point)).toEqual({ kind: "rewritten", cause: "changed" });
  });

  it("pi 0.73's whole-text parse is read again whole", () => {
    const file = copies.copy("app/branched.jsonl");
    const { loaded, snapshot } = readSessionFile(file, "0.73");
    const point = startFollow(loaded, snapshot, "0.73");
    appendFileSync(file, line("u9", "lb1", "x"));
    expect(readFollowUpdate(point)).toEqual({ kind: "rewritten", cause: "unfollowable" });
  });

  it("a file that is gone", () => {
    const file = copies.copy("app/branched.jsonl");
    const point = follow(file);
    truncateSync(file, 0);
    renameSync(file, `${file}.gone`);
    const update = readFollowUpdate(point);
    expect(update).toEqual({ kind: "unreadable", message: `${file}: no such file` });
  });
});
