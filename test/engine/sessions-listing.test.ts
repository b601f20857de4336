// Session listing (pi's SessionManager.list / listAll) on a temporary agent dir, and pi's path rules.
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultSessionDir, encodeCwd, hasAnySession, listSessions, listSessionsInSteps, resolveAgentDir, SessionInfoCache } from "../../src/engine/index.js";

type Rec = Record<string, unknown>;
const line = (r: Rec): string => JSON.stringify(r);
const header = (id: string, cwd: string, timestamp = "2026-01-01T00:00:00.000Z"): string => line({ type: "session", version: 3, id, timestamp, cwd });
const msg = (id: string, parentId: string | null, role: string, content: unknown, ts: number): string =>
  line({ type: "message", id, parentId, timestamp: new Date(ts).toISOString(), message: { role, content, timestamp: ts } });
const T0 = Date.parse("2026-02-01T00:00:00.000Z");

describe("listSessions", () => {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-list-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const agentDir = join(root, "agent");
  const cwd = "/home/dev/proj";
  const dir = join(agentDir, "sessions", "--home-dev-proj--");
  mkdirSync(dir, { recursive: true });
  const write = (name: string, lines: string[], end = "\n"): string => {
    const p = join(dir, name);
    writeFileSync(p, lines.join("\n") + end);
    return p;
  };

  // Older, branched, with a compaction, a name that is later cleared, and one damaged line.
  const older = write("a.jsonl", [
    header("sess-a", cwd),
    line({ type: "session_info", id: "i1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", name: "Named" }),
    msg("u1", "i1", "user", [{ type: "text", text: "first" }, { type: "text", text: "question" }], T0),
    msg("a1", "u1", "assistant", [{ type: "thinking", thinking: "hm" }, { type: "text", text: "answer" }], T0 + 1000),
    msg("a2", "u1", "assistant", "other branch", T0 + 2000),
    msg("t1", "a2", "toolResult", [{ type: "text", text: "tool output" }], T0 + 3000),
    "{broken",
    line({ type: "compaction", id: "c1", parentId: "t1", timestamp: "2026-02-01T00:00:04.000Z", summary: "S", firstKeptEntryId: "a2", tokensBefore: 9 }),
    line({ type: "session_info", id: "i2", parentId: "c1", timestamp: "2026-02-01T00:00:05.000Z", name: "  " }),
  ]);
  // Newer by message time, named; an empty first message is skipped (whitespace would count, as in pi).
  write("b.jsonl", [header("sess-b", cwd), msg("u1", null, "user", "", T0 + 50_000), msg("u2", "u1", "user", "second", T0 + 60_000), line({ type: "session_info", id: "n", parentId: "u2", timestamp: "2026-02-02T00:00:00.000Z", name: " Bee " })]);
  // No messages: modified falls back to the header timestamp.
  write("c.jsonl", [header("sess-c", cwd, "2025-06-01T00:00:00.000Z")]);
  // Skipped: no header first, a message without a message object (pi's listing throws on it), not .jsonl.
  write("d.jsonl", [msg("u1", null, "user", "no header", T0)]);
  write("e.jsonl", [header("sess-e", cwd), line({ type: "message", id: "m", parentId: null, timestamp: "x" })]);
  writeFileSync(join(dir, "notes.txt"), "not a session");

  it("lists the cwd's sessions newest first with pi's fields", () => {
    const list = listSessions({ agentDir, cwd, profile: "1.6" });
    expect(list.map((s) => s.id)).toEqual(["sess-b", "sess-a", "sess-c"]);
    const [b, a, c] = list;
    expect(b).toMatchObject({ name: "Bee", messageCount: 2, firstMessage: "second", allMessagesText: "second", cwd });
    expect(b.modified.getTime()).toBe(T0 + 60_000);
    expect(a).toMatchObject({
      path: older,
      name: undefined,
      messageCount: 4,
      firstMessage: "first question",
      allMessagesText: "first question answer other branch",
      branchCount: 1,
      compactionCount: 1,
      damagedLines: 1,
    });
    expect(a.modified.getTime()).toBe(T0 + 2000);
    expect(a.created.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(a.sizeBytes).toBeGreaterThan(500);
    expect(c).toMatchObject({ firstMessage: "(no messages)", messageCount: 0 });
    expect(c.modified.toISOString()).toBe("2025-06-01T00:00:00.000Z");
  });

  it("falls back to the file mtime when neither messages nor header give a time", () => {
    const p = write("f.jsonl", [line({ type: "session", version: 3, id: "sess-f", timestamp: "not a date", cwd })]);
    utimesSync(p, new Date("2024-01-01T00:00:00Z"), new Date("2024-01-01T00:00:00Z"));
    const f = listSessions({ agentDir, cwd, profile: "0.73" }).find((s) => s.id === "sess-f");
    expect(f?.modified.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    rmSync(p);
  });

  it("a BOM header is listed by 0.73 and skipped by 1.6", () => {
    const p = join(dir, "g.jsonl");
    writeFileSync(p, `\uFEFF${header("sess-g", cwd)}\n`);
    expect(listSessions({ agentDir, cwd, profile: "0.73" }).map((s) => s.id)).toContain("sess-g");
    expect(listSessions({ agentDir, cwd, profile: "1.6" }).map((s) => s.id)).not.toContain("sess-g");
    rmSync(p);
  });

  it("a missing directory lists nothing", () => {
    expect(listSessions({ agentDir: join(root, "nowhere"), cwd, profile: "1.6" })).toEqual([]);
    expect(listSessions({ agentDir: join(root, "nowhere"), cwd, profile: "1.6", all: true })).toEqual([]);
  });

  it("all: every project folder under <agentDir>/sessions", () => {
    const other = join(agentDir, "sessions", "--srv-other--");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "x.jsonl"), `${header("sess-x", "/srv/other")}\n${msg("u", null, "user", "hi", T0 + 999_000)}\n`);
    expect(listSessions({ agentDir, cwd, profile: "1.6", all: true }).map((s) => s.id)).toEqual(["sess-x", "sess-b", "sess-a", "sess-c"]);
  });

  it("1.6 filters a shared custom session dir by header cwd; 0.73 does not", () => {
    const custom = join(root, "custom");
    mkdirSync(custom, { recursive: true });
    writeFileSync(join(custom, "1.jsonl"), `${header("mine", cwd)}\n`);
    writeFileSync(join(custom, "2.jsonl"), `${header("theirs", "/elsewhere")}\n`);
    expect(listSessions({ agentDir, cwd, sessionDir: custom, profile: "1.6" }).map((s) => s.id)).toEqual(["mine"]);
    expect(listSessions({ agentDir, cwd, sessionDir: custom, profile: "0.73" }).map((s) => s.id).sort()).toEqual(["mine", "theirs"]);
  });
});

describe("hasAnySession: whether pi's listAll lists anything, without listing every file", () => {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-any-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const agentDir = join(root, "agent");
  const opts = { agentDir, profile: "1.6" as const, home: root, baseDir: root };
  const listed = (): number => listSessions({ ...opts, cwd: "/x", all: true }).length;
  const put = (project: string, name: string, text: string): void => {
    mkdirSync(join(agentDir, "sessions", project), { recursive: true });
    writeFileSync(join(agentDir, "sessions", project, name), text);
  };

  it("agrees with listAll: no folder, only files pi skips, then one it lists among them", () => {
    expect(hasAnySession(opts)).toBe(false);
    // No header, a BOM before the header (1.6 skips it), a folder named like a session.
    put("--a--", "no-header.jsonl", `${msg("u1", null, "user", "hi", T0)}\n`);
    put("--a--", "bom.jsonl", `\uFEFF${header("bom", "/a")}\n${msg("u1", null, "user", "hi", T0)}\n`);
    mkdirSync(join(agentDir, "sessions", "--a--", "dir.jsonl"), { recursive: true });
    expect(listed()).toBe(0);
    expect(hasAnySession(opts)).toBe(false);
    put("--b--", "big.jsonl", `${header("big", "/b")}\n${msg("u1", null, "user", "x".repeat(100_000), T0)}\n`);
    expect(listed()).toBe(1);
    expect(hasAnySession(opts)).toBe(true);
    expect(hasAnySession({ ...opts, profile: "0.73" })).toBe(listSessions({ ...opts, profile: "0.73", cwd: "/x", all: true }).length > 0);
  });
});

describe("listSessions with a cache: a file unchanged since the last listing is not read again", () => {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-list-cache-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const agentDir = join(root, "agent");
  const cwd = "/home/dev/cached";
  const dir = join(agentDir, "sessions", "--home-dev-cached--");
  const other = join(agentDir, "sessions", "--home-dev-other--");
  mkdirSync(dir, { recursive: true });
  mkdirSync(other, { recursive: true });
  const session = (id: string, project: string, texts: string[]): string =>
    [header(id, project), ...texts.map((t, i) => msg(`u${i}`, i === 0 ? null : `u${i - 1}`, "user", t, T0 + i * 1000))].join("\n") + "\n";
  writeFileSync(join(dir, "a.jsonl"), session("a", cwd, ["alpha"]));
  writeFileSync(join(dir, "b.jsonl"), session("b", cwd, ["beta"]));
  writeFileSync(join(other, "c.jsonl"), session("c", "/home/dev/other", ["gamma"]));
  const opts = { agentDir, cwd, profile: "1.6" as const };

  it("gives what a listing without it gives, keeps unchanged files' reads, reads appended, replaced and new files again", () => {
    const cache = new SessionInfoCache();
    const first = listSessions({ ...opts, cache });
    expect(first).toEqual(listSessions(opts));
    const byId = (list: readonly { id: string }[], id: string) => list.find((s) => s.id === id);

    // pi appends a turn to a.jsonl: only it is read again.
    appendFileSync(join(dir, "a.jsonl"), `${msg("u9", "u0", "user", "appended", T0 + 9000)}\n`);
    const second = listSessions({ ...opts, cache });
    expect(second).toEqual(listSessions(opts));
    expect(byId(second, "a")).toMatchObject({ messageCount: 2, allMessagesText: "alpha appended" });
    expect(byId(second, "b")).toBe(byId(first, "b"));
    expect(byId(second, "a")).not.toBe(byId(first, "a"));

    // Replaced by another file of the same size and time (a rename over it): a new inode, read again.
    const stamp = 1_800_000_000;
    utimesSync(join(dir, "b.jsonl"), stamp, stamp);
    expect(byId(listSessions({ ...opts, cache }), "b")).toMatchObject({ allMessagesText: "beta" });
    const replacement = join(root, "b-new.jsonl");
    writeFileSync(replacement, session("b", cwd, ["BETA"]));
    utimesSync(replacement, stamp, stamp);
    expect(statSync(replacement)).toMatchObject({ size: statSync(join(dir, "b.jsonl")).size, mtimeMs: statSync(join(dir, "b.jsonl")).mtimeMs });
    renameSync(replacement, join(dir, "b.jsonl"));
    const third = listSessions({ ...opts, cache });
    expect(third).toEqual(listSessions(opts));
    expect(byId(third, "b")).toMatchObject({ allMessagesText: "BETA" });

    // Another profile reads on its own; every project's listing keeps what is still there.
    expect(listSessions({ ...opts, profile: "0.73", cache })).toEqual(listSessions({ ...opts, profile: "0.73" }));
    const all = listSessions({ ...opts, all: true, cache });
    expect(all).toEqual(listSessions({ ...opts, all: true }));
    expect(all.map((s) => s.id).sort()).toEqual(["a", "b", "c"]);
    expect(cache.size).toBe(3);

    // A deleted file drops out of the listing and of the cache; a new one is listed.
    rmSync(join(other, "c.jsonl"));
    writeFileSync(join(dir, "d.jsonl"), session("d", cwd, ["delta"]));
    const after = listSessions({ ...opts, all: true, cache });
    expect(after).toEqual(listSessions({ ...opts, all: true }));
    expect(after.map((s) => s.id).sort()).toEqual(["a", "b", "d"]);
    expect(cache.size).toBe(3);
    expect(byId(after, "a")).toBe(byId(all, "a"));
  });
});

describe("listSessionsInSteps: listSessions a file per step", () => {
  const root = mkdtempSync(join(tmpdir(), "pi-explorer-list-steps-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const agentDir = join(root, "agent");
  for (const [project, id, at] of [["--p--", "one", 1], ["--p--", "two", 3], ["--q--", "three", 2]] as const) {
    mkdirSync(join(agentDir, "sessions", project), { recursive: true });
    writeFileSync(join(agentDir, "sessions", project, `${id}.jsonl`), `${header(id, "/p")}\n${msg("u", null, "user", id, T0 + at * 1000)}\n`);
  }
  writeFileSync(join(agentDir, "sessions", "--q--", "skipped.jsonl"), `${msg("u", null, "user", "no header", T0)}\n`);

  it("reads one file per step, counts them, and answers what listSessions answers", () => {
    const opts = { agentDir, cwd: "/p", profile: "1.6" as const, all: true };
    const listing = listSessionsInSteps(opts);
    expect([listing.done, listing.total]).toEqual([0, 4]);
    expect(() => listing.result()).toThrow(/before every file was read/);
    const seen: number[] = [];
    while (listing.step()) seen.push(listing.done);
    expect(seen).toEqual([1, 2, 3]);
    expect(listing.done).toBe(4);
    expect(listing.step()).toBe(false);
    expect(listing.result()).toEqual(listSessions(opts));
    expect(listing.result().map((s) => s.id)).toEqual(["two", "three", "one"]);
  });
});

describe("pi's path rules", () => {
  it("encodes a cwd per release (1.6 resolves first)", () => {
    expect(encodeCwd("/home/u/proj", "1.6")).toBe("--home-u-proj--");
    expect(encodeCwd("/home/u/my.app", "0.73")).toBe("--home-u-my.app--");
    expect(encodeCwd("C:\\Users\\x\\p", "0.73")).toBe("--C--Users-x-p--");
    expect(encodeCwd("//srv/x", "0.73")).toBe("---srv-x--");
    expect(encodeCwd("//srv/x", "1.6")).toBe("--srv-x--");
    expect(encodeCwd("/home/u/p/", "0.73")).toBe("--home-u-p---");
    expect(encodeCwd("/home/u/p/", "1.6")).toBe("--home-u-p--");
    expect(encodeCwd("~/p", "1.6", { home: "/home/u" })).toBe("--home-u-p--");
    expect(encodeCwd("rel/p", "1.6", { baseDir: "/base" })).toBe("--base-rel-p--");
    expect(defaultSessionDir("/home/u/proj", "/a", "1.6")).toBe("/a/sessions/--home-u-proj--");
  });

  it("resolves the agent dir from PI_CODING_AGENT_DIR or home", () => {
    expect(resolveAgentDir({}, "/home/u")).toBe("/home/u/.pi/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/agent" }, "/home/u")).toBe("/home/u/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~" }, "/home/u")).toBe("/home/u");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "/opt/pi" }, "/home/u")).toBe("/opt/pi");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "" }, "/home/u")).toBe("/home/u/.pi/agent");
  });
});
