import { readFileSync } from "node:fs";
import { it } from "vitest";
import { buildTree, parseSession, buildRecallIndexForTree, search, formatSearchPage, browse, formatBrowse } from "../../src/engine/index.js";
import { sharedPath } from "../support/shared.js";

it("scratch", () => {
  const f = process.env.F ?? "corpus/dexter-v3/pi-session.jsonl";
  const t0 = performance.now();
  const loaded = parseSession(readFileSync(f.startsWith("/") ? f : sharedPath(f)), "1.6");
  const t1 = performance.now();
  const tree = buildTree(loaded);
  const index = buildRecallIndexForTree(tree);
  const t2 = performance.now();
  console.log(`parse ${(t1 - t0).toFixed(1)} index ${(t2 - t1).toFixed(1)} docs ${index.docs.length} terms ${index.postings.size} lineage ${index.lineage.length} forgotten ${index.forgotten.length} compactions ${index.compactions.map((c) => c.span.length)}`);
  for (const q of (process.env.Q ?? "error test|/fail(ed|ure)/|\"git commit\"|role:user deploy|authentcation").split("|")) {
    const s0 = performance.now();
    const r = search(index, q, { scope: process.env.S });
    const s1 = performance.now();
    console.log(`--- ${q} (${(s1 - s0).toFixed(2)} ms)\n${r.ok ? formatSearchPage(r.value).slice(0, 3000) : r.message}`);
  }
  const b = browse(index, { limit: 3 });
  console.log(b.ok ? formatBrowse(b.value) : b.message);
});
