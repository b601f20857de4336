// The loader and tree give pi's own answers (oracle/expected) for every corpus file and fixture.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildTree, parseSession, sessionView, type PiProfile, type SessionView } from "../../src/engine/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";

/** pi's answers for one file: the fields sessionView describes, plus where it came from. */
interface Expected extends SessionView {
  file: string;
  openError?: string;
}

describeWithShared("session loading matches pi (oracle/expected)", () => {
  const dir = sharedPath("oracle", "expected");
  const names = readdirSync(dir).filter((n) => n.endsWith(".16.json") || n.endsWith(".073.json"));
  it("has expected files for both releases", () => {
    expect(names.filter((n) => n.endsWith(".16.json")).length).toBeGreaterThan(10);
    expect(names.filter((n) => n.endsWith(".073.json")).length).toBeGreaterThan(10);
  });
  for (const name of names) {
    const profile: PiProfile = name.endsWith(".16.json") ? "1.6" : "0.73";
    it(name, () => {
      const exp = JSON.parse(readFileSync(join(dir, name), "utf8")) as Expected;
      const loaded = parseSession(readFileSync(sharedPath(exp.file)), profile, { path: exp.file });
      if (exp.openError !== undefined) {
        expect(loaded.invalid).toBeDefined();
        return;
      }
      expect(loaded.invalid).toBeUndefined();
      // sessionView is the description `tree --json` prints: header, counts by type, roots, leaf, path, name.
      const view = sessionView(buildTree(loaded));
      expect(view.header).toEqual(exp.header);
      expect(view.entryCount).toBe(exp.entryCount);
      expect(view.entryTypes).toEqual(exp.entryTypes);
      expect(view.tree).toEqual(exp.tree);
      expect(view.leafId).toBe(exp.leafId);
      expect(view.activePathIds).toEqual(exp.activePathIds);
      expect(view.sessionName).toBe(exp.sessionName);
    });
  }
});

interface ProbeOpen {
  ok: boolean;
  entries?: number;
  leaf?: string | null;
  error?: string;
}

describeWithShared("opening edge files matches pi (oracle/expected-probe)", () => {
  const H = JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/home/dev/project" });
  const U = JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } });
  // The same inputs probe-sessionmanager.mjs writes.
  const inputs: Record<string, string> = {
    bom: `\uFEFF${H}\n${U}\n`,
    "no-final-newline": `${H}\n${U}`,
    garbage: "not json\n",
    "whitespace-only": "\n\n",
    crlf: `${H}\r\n${U}\r\n`,
    empty: "",
  };
  for (const [file, profile] of [["probe.16.json", "1.6"], ["probe.073.json", "0.73"]] as const) {
    const probe = JSON.parse(readFileSync(sharedPath("oracle", "expected-probe", file), "utf8")) as { open: Record<string, ProbeOpen> };
    for (const [caseName, outcome] of Object.entries(probe.open)) {
      it(`${profile} ${caseName}`, () => {
        const loaded = parseSession(new TextEncoder().encode(inputs[caseName]), profile, { path: `<tmp>/${caseName}.jsonl` });
        if (!outcome.ok) {
          expect(loaded.invalid).toBe(outcome.error);
          return;
        }
        // 0.73 "opens" garbage by overwriting it: the content is lost, which pi-explorer reports as invalid.
        const overwritten = profile === "0.73" && (caseName === "garbage");
        expect(loaded.invalid !== undefined).toBe(overwritten);
        expect(loaded.entries.length).toBe(outcome.entries);
        expect(buildTree(loaded).leafId).toBe(outcome.leaf);
      });
    }
  }
});
