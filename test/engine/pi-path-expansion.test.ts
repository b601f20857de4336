// "~" expansion of the paths that decide where sessions live, per pi release and per place. The
// expected values are what pi's own functions return (run once against the published packages with
// HOME set): 1.6 utils/paths normalizePath (every place), 0.73 config.expandTildePath (env vars) and
// 0.73 SettingsManager.getSessionDir (settings.json "sessionDir").
import { describe, expect, it } from "vitest";
import {
  allSessionsRoot,
  expandCliSessionDir,
  expandEnvPath,
  expandSettingsSessionDir,
  normalizePiPath,
  resolveAgentDir,
  resolvePiPath,
  resolveSettings,
  unusableAgentDir,
} from "../../src/engine/index.js";

// [input, home, 1.6 (all places), 0.73 env vars, 0.73 settings.sessionDir]
const CASES: [string, string, string, string, string][] = [
  ["~", "/h", "/h", "/h", "/h"],
  ["~", "/h/", "/h/", "/h/", "/h/"],
  ["~/", "/h", "/h", "/h/", "/h"],
  ["~/", "/h/", "/h/", "/h//", "/h/"],
  ["~/x", "/h", "/h/x", "/h/x", "/h/x"],
  ["~/x", "/h/", "/h/x", "/h//x", "/h/x"],
  ["~/a/../b", "/h", "/h/b", "/h/a/../b", "/h/b"],
  ["~/a/../b", "/h/", "/h/b", "/h//a/../b", "/h/b"],
  ["~user/x", "/h", "~user/x", "~user/x", "~user/x"],
  ["~x", "/h", "~x", "~x", "~x"],
  ["rel/x", "/h", "rel/x", "rel/x", "rel/x"],
  ["/abs//y/", "/h", "/abs//y/", "/abs//y/", "/abs//y/"],
  ["file:///tmp/f%20x", "/h", "/tmp/f x", "file:///tmp/f%20x", "file:///tmp/f%20x"],
];

describe("pi's ~ expansion, per release and place", () => {
  it.each(CASES)("%s with home %s", (input, home, pi16, env073, settings073) => {
    expect(normalizePiPath(input, home)).toBe(pi16);
    expect(expandEnvPath(input, "1.6", home)).toBe(pi16);
    expect(expandSettingsSessionDir(input, "1.6", home)).toBe(pi16);
    expect(expandCliSessionDir(input, "1.6", home)).toBe(pi16);
    expect(expandEnvPath(input, "0.73", home)).toBe(env073);
    expect(expandSettingsSessionDir(input, "0.73", home)).toBe(settings073);
    // 0.73 hands --session-dir to the SessionManager as typed.
    expect(expandCliSessionDir(input, "0.73", home)).toBe(input);
  });

  it("1.6 throws on a file URL of another host, like pi; 0.73 keeps it", () => {
    expect(() => normalizePiPath("file://host/x", "/h")).toThrow(/host/);
    expect(expandEnvPath("file://host/x", "0.73", "/h")).toBe("file://host/x");
  });

  it("1.6 resolvePath makes relative paths absolute against the base dir, after expanding", () => {
    expect(resolvePiPath("rel/x", { home: "/h", baseDir: "/base" })).toBe("/base/rel/x");
    expect(resolvePiPath("~/x/../y", { home: "/h/" })).toBe("/h/y");
    expect(resolvePiPath("x", { home: "/h", baseDir: "~/p" })).toBe("/h/p/x");
    expect(resolvePiPath("~user/x", { home: "/h", baseDir: "/base" })).toBe("/base/~user/x");
  });

  it("never falls back to this process's cwd: a missing or relative base dir is taken from /", () => {
    expect(resolvePiPath("x", {})).toBe("/x");
    expect(resolvePiPath("x", { baseDir: "rel/p" })).toBe("/rel/p/x");
    expect(resolvePiPath("../x", { baseDir: "." })).toBe("/x");
  });

  it("allSessionsRoot is absolute: relative folders are read from the base dir (pi reads them from its cwd)", () => {
    expect(allSessionsRoot({ agentDir: "/a", sessionDir: "rel/s", profile: "1.6", baseDir: "/base" })).toEqual({ dir: "/base/rel/s", perProject: false });
    expect(allSessionsRoot({ agentDir: "~/s", sessionDir: "~/s", profile: "1.6", home: "/h", baseDir: "/base" })).toEqual({ dir: "/h/s", perProject: false });
    expect(allSessionsRoot({ agentDir: "rel/agent", profile: "1.6", baseDir: "/base" })).toEqual({ dir: "/base/rel/agent/sessions", perProject: true });
    // 0.73's listAll ignores the sessions folder and reads <agentDir>/sessions.
    expect(allSessionsRoot({ agentDir: "rel/agent", sessionDir: "/s", profile: "0.73", baseDir: "/base" })).toEqual({ dir: "/base/rel/agent/sessions", perProject: true });
    expect(allSessionsRoot({ agentDir: "rel/agent", profile: "0.73" })).toEqual({ dir: "/rel/agent/sessions", perProject: true });
  });

  it("$PI_CODING_AGENT_DIR is expanded like pi's config.expandTildePath", () => {
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/agent" }, "/h/", "1.6")).toBe("/h/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/agent" }, "/h/", "0.73")).toBe("/h//agent");
    expect(resolveAgentDir({}, "/h", "0.73")).toBe("/h/.pi/agent");
    // pi 1.6 fails to start on it; pi-explorer keeps the value instead of throwing.
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "file://host/a" }, "/h", "1.6")).toBe("file://host/a");
  });

  it("unusableAgentDir names a $PI_CODING_AGENT_DIR pi 1.6 cannot start with", () => {
    expect(unusableAgentDir({ PI_CODING_AGENT_DIR: "file://host/a" }, "/h", "1.6")).toBe("file://host/a");
    expect(unusableAgentDir({ PI_CODING_AGENT_DIR: "file:///a%2Fb" }, "/h", "1.6")).toBe("file:///a%2Fb");
    expect(unusableAgentDir({ PI_CODING_AGENT_DIR: "file:///opt/agent" }, "/h", "1.6")).toBeUndefined();
    expect(unusableAgentDir({ PI_CODING_AGENT_DIR: "~/agent" }, "/h", "1.6")).toBeUndefined();
    expect(unusableAgentDir({}, "/h", "1.6")).toBeUndefined();
    // 0.73 never converts file: URLs, so nothing fails there.
    expect(unusableAgentDir({ PI_CODING_AGENT_DIR: "file://host/a" }, "/h", "0.73")).toBeUndefined();
  });
});

describe("resolveSettings sessionDir: each source expanded the way pi expands it there", () => {
  const base = { project: {}, home: "/h/" };

  it("env var, settings and flag differ in 0.73 and agree in 1.6", () => {
    const env = { PI_CODING_AGENT_SESSION_DIR: "~/s" };
    const settings = { sessionDir: "~/s" };
    expect(resolveSettings({ ...base, global: {}, env, profile: "0.73" }).sessionDir).toMatchObject({ value: "/h//s", source: "env" });
    expect(resolveSettings({ ...base, global: settings, profile: "0.73" }).sessionDir).toMatchObject({ value: "/h/s", source: "global" });
    expect(resolveSettings({ ...base, global: {}, cliSessionDir: "~/s", profile: "0.73" }).sessionDir).toMatchObject({ value: "~/s", source: "cli" });
    expect(resolveSettings({ ...base, global: {}, env, profile: "1.6" }).sessionDir.value).toBe("/h/s");
    expect(resolveSettings({ ...base, global: settings, profile: "1.6" }).sessionDir.value).toBe("/h/s");
    expect(resolveSettings({ ...base, global: {}, cliSessionDir: "~/s", profile: "1.6" }).sessionDir.value).toBe("/h/s");
  });

  it("a sessionDir pi would crash on is a problem line and the default folder, never an exception", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      for (const bad of [5, ["a"], { dir: "x" }]) {
        const s = resolveSettings({ ...base, global: { sessionDir: bad }, profile });
        expect(s.sessionDir).toMatchObject({ value: undefined, source: "default" });
        expect(s.problems.join("\n")).toMatch(/Invalid sessionDir setting: .*Expected a string.*pi fails to start/);
      }
    }
    const url = resolveSettings({ ...base, global: {}, env: { PI_CODING_AGENT_SESSION_DIR: "file://host/x" }, profile: "1.6" });
    expect(url.sessionDir).toMatchObject({ value: undefined, source: "default" });
    expect(url.problems).toEqual([expect.stringContaining('Invalid sessionDir (from env): "file://host/x"')]);
  });

  it('an empty sessionDir: 1.6 uses its default folder, 0.73 passes "" on (and lists nothing)', () => {
    const s16 = resolveSettings({ ...base, global: { sessionDir: "" }, profile: "1.6" });
    expect(s16.sessionDir).toMatchObject({ value: undefined, source: "default" });
    expect(s16.problems).toEqual([]);
    const s073 = resolveSettings({ ...base, global: {}, project: { sessionDir: "" }, profile: "0.73" });
    expect(s073.sessionDir).toMatchObject({ value: "", source: "project" });
    expect(s073.problems).toEqual([expect.stringContaining("pi 0.73 then lists no sessions")]);
    const f16 = resolveSettings({ ...base, global: { sessionDir: false }, profile: "1.6" });
    expect(f16.sessionDir.value).toBeUndefined();
    expect(f16.problems).toEqual([expect.stringContaining("Invalid sessionDir setting: false")]);
  });
});
