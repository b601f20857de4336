// The loader and tree give pi's own answers (oracle/expected) for every corpus file and fixture.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildTree, getBranch, parseSession, type PiProfile, type SessionEntry } from "../../src/engine/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";

interface Expected {
  file: string;
  openError?: string;
  header: { id: string; version: number | null; cwd: string } | null;
  entryCount: number;
  entryTypes: Record<string, number>;
  tree: { roots: number; rootIds: string[] };
  leafId: string | null;
  activePathIds: string[];
  sessionName: string | null;
}

function entryTypes(entries: SessionEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) {
    const key = e.type === "message" ? `message:${(e.message as { role: string }).role}` : e.type;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
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
      const h = loaded.header;
      expect(h && { id: h.id, version: h.version ?? null, cwd: h.cwd }).toEqual(exp.header);
      expect(loaded.entries.length).toBe(exp.entryCount);
      expect(entryTypes(loaded.entries)).toEqual(exp.entryTypes);
      const tree = buildTree(loaded);
      expect({ roots: tree.roots.length, rootIds: tree.roots.slice(0, 10).map((e) => e.id) }).toEqual(exp.tree);
      expect(tree.leafId).toBe(exp.leafId);
      expect(getBranch(tree).map((e) => e.id)).toEqual(exp.activePathIds);
      expect(tree.sessionName ?? null).toBe(exp.sessionName);
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
