// Recall on real sessions, checked against pi's own answers (../shared/oracle/expected): the
// active lineage is pi's active path, "forgotten" is that path minus the entries pi's context is
// built from, and #N counts every message entry.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { browse, buildRecallIndexForTree, buildTree, parseSession, search, type PiProfile } from "../../src/engine/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";

interface Expected {
  activePathIds: string[];
  entryTypes: Record<string, number>;
  context: { messages: { id: string | null }[] };
}

const CASES: [string, string, PiProfile][] = [
  ["corpus/dexter-v3/pi-session.jsonl", "corpus__dexter-v3__pi-session", "1.6"],
  ["corpus/pi-written/v16-compacting-s204.jsonl", "corpus__pi-written__v16-compacting-s204", "1.6"],
  ["corpus/pi-written/v16-compacting-s204.jsonl", "corpus__pi-written__v16-compacting-s204", "0.73"],
  ["corpus/pi-mono/before-compaction.jsonl", "corpus__pi-mono__before-compaction", "1.6"],
  ["corpus/pi-written/v16-branchy-s108.jsonl", "corpus__pi-written__v16-branchy-s108", "1.6"],
];

function load(file: string, profile: PiProfile) {
  const loaded = parseSession(readFileSync(sharedPath(file)), profile);
  return buildRecallIndexForTree(buildTree(loaded), { profile });
}

const scopeIds = (index: ReturnType<typeof load>, scope: string): string[] => {
  const b = browse(index, { scope, limit: 1e9 });
  if (!b.ok) throw new Error(b.message);
  return b.value.entries.map((e) => e.entryId);
};

describeWithShared("recall on the corpus agrees with pi", () => {
  for (const [file, name, profile] of CASES) {
    const expected = (): Expected => JSON.parse(readFileSync(sharedPath("oracle", "expected", `${name}.${profile === "1.6" ? "16" : "073"}.json`), "utf8")) as Expected;

    it(`${file} (${profile}): lineage and forgotten follow pi's path and context`, () => {
      const index = load(file, profile);
      const exp = expected();
      const indexed = new Set(index.docs.map((d) => d.entryId));
      const inContext = new Set(exp.context.messages.map((m) => m.id));
      expect(scopeIds(index, "lineage")).toEqual(exp.activePathIds.filter((id) => indexed.has(id)));
      expect(scopeIds(index, "forgotten")).toEqual(exp.activePathIds.filter((id) => indexed.has(id) && !inContext.has(id)));
    });

    it(`${file} (${profile}): #N counts every message entry`, () => {
      const index = load(file, profile);
      const messages = Object.entries(expected().entryTypes)
        .filter(([k]) => k.startsWith("message:"))
        .reduce((n, [, v]) => n + v, 0);
      let max = -1;
      for (const d of index.docs) if (d.ref !== null && d.ref > max) max = d.ref;
      expect(max + 1).toBe(messages);
    });
  }

  it("a word query finds exactly the user messages that contain the word", () => {
    const file = "corpus/dexter-v3/pi-session.jsonl";
    const index = load(file, "1.6");
    const want: string[] = [];
    for (const line of readFileSync(sharedPath(file), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const e = JSON.parse(line) as { type: string; id: string; message?: { role: string; content: unknown } };
      if (e.type !== "message" || e.message?.role !== "user") continue;
      const c = e.message.content;
      const text = typeof c === "string" ? c : Array.isArray(c) ? c.map((b: { text?: string }) => b.text ?? "").join("\n") : "";
      if (/(^|[^\p{L}\p{N}])vps([^\p{L}\p{N}]|$)/iu.test(text)) want.push(e.id);
    }
    expect(want.length).toBeGreaterThan(0);
    const r = search(index, '"vps" role:user', { pageSize: 1000 });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.hits.map((h) => h.entryId).sort()).toEqual(want.sort());
  });

  it("compaction:1 of a real session is the start of its lineage", () => {
    const index = load("corpus/pi-mono/before-compaction.jsonl", "1.6");
    expect(index.compactions).toHaveLength(2);
    const one = scopeIds(index, "compaction:1");
    const lineage = scopeIds(index, "lineage");
    expect(one.length).toBeGreaterThan(0);
    expect(lineage.slice(0, one.length)).toEqual(one);
  });
});
