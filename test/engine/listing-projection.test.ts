// The listing drops, as each line is parsed, the texts it never reads (session/listing-projection.ts):
// what it makes of a file must not change. Every reader the listing (and usage --all's digest) runs
// is compared on the file scanned whole and scanned trimmed: pi's SessionInfo fields, the tree's
// branch points, the damage count, every usage total and the usage buckets, for both releases, on the fixtures, a generated session with every
// kind of block, and the corpus (skipped visibly without ../shared).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { damagedLineCount, type PiProfile } from "../../src/engine/types.js";
import { entryIndexOf, loadFromScan } from "../../src/engine/session/load.js";
import { scanSessionText } from "../../src/engine/session/scan.js";
import { sessionInfoFromValues } from "../../src/engine/session/info.js";
import { branchPointCount } from "../../src/engine/session/structure.js";
import { dropUnlistedTexts } from "../../src/engine/session/listing-projection.js";
import { listedValues } from "../../src/engine/store/sessions.js";
import { usageTotals } from "../../src/engine/usage/totals.js";
import { usageBuckets } from "../../src/engine/usage/digest.js";
import { describeWithShared, FIXTURES, sharedPath } from "../support/shared.js";

function whatListingReads(bytes: Uint8Array, profile: PiProfile, trim: boolean) {
  const scan = scanSessionText(bytes, profile, trim ? { trim: dropUnlistedTexts } : {});
  const fields = sessionInfoFromValues(listedValues(scan, profile), profile);
  if (!fields) return null;
  const loaded = loadFromScan(scan, profile);
  return {
    fields,
    compactions: loaded.entries.filter((e) => e.type === "compaction").length,
    branches: branchPointCount(entryIndexOf(loaded)),
    damaged: damagedLineCount(loaded.diagnostics),
    usage: usageTotals(loaded.entries),
    buckets: usageBuckets(loaded.entries, "UTC"),
  };
}

function expectSameListing(bytes: Uint8Array): void {
  for (const profile of ["1.6", "0.73"] as const) {
    expect(whatListingReads(bytes, profile, true)).toEqual(whatListingReads(bytes, profile, false));
  }
}

const jsonlUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonlUnder(path) : name.endsWith(".jsonl") ? [path] : [];
  });

const line = (r: Record<string, unknown>): string => JSON.stringify(r);
const at = (n: number): string => new Date(Date.UTC(2026, 1, 1, 0, 0, n)).toISOString();
const usage = { input: 10, output: 5, cacheRead: 1, cacheWrite: 0, totalTokens: 16, cost: { input: 0.1, output: 0.2, cacheRead: 0, cacheWrite: 0, total: 0.3 } };

/** Every kind of block and message the projection touches, a damaged line, a branch, a v1-style role. */
function everyKind(): Uint8Array {
  const lines = [
    line({ type: "session", version: 3, id: "s", timestamp: at(0), cwd: "/p" }),
    line({ type: "message", id: "u1", parentId: null, timestamp: at(1), message: { role: "user", content: [{ type: "text", text: "look at this" }, { type: "image", data: "iVBOR".repeat(1000), mimeType: "image/png" }], timestamp: 1 } }),
    line({ type: "message", id: "a1", parentId: "u1", timestamp: at(2), message: { role: "assistant", provider: "anthropic", model: "m", usage, stopReason: "toolUse", content: [{ type: "thinking", thinking: "hmm ".repeat(500), thinkingSignature: "sig" }, { type: "text", text: "reading" }, { type: "toolCall", id: "c1", name: "read", arguments: { path: "/p/a.ts" } }, null] } }),
    line({ type: "message", id: "t1", parentId: "a1", timestamp: at(3), message: { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "x".repeat(10_000) }], details: { diff: "y".repeat(5000) }, isError: false, usage } }),
    line({ type: "message", id: "b1", parentId: "t1", timestamp: at(4), message: { role: "bashExecution", command: "ls", output: "z".repeat(3000), exitCode: 0 } }),
    line({ type: "message", id: "h1", parentId: "b1", timestamp: at(5), message: { role: "hookMessage", content: "from a hook" } }),
    "{not json",
    line({ type: "message", id: "a2", parentId: "u1", timestamp: at(6), message: { role: "assistant", content: "a string reply", usage, stopReason: "error", errorMessage: "boom" } }),
    line({ type: "compaction", id: "c", parentId: "a2", timestamp: at(7), summary: "summary", firstKeptEntryId: "a2", tokensBefore: 100, usage }),
    line({ type: "message", id: "n1", parentId: "c", timestamp: at(8), message: { role: "toolResult", content: null } }),
  ];
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

describe("the listing's trimmed scan reads the same as the whole one", () => {
  it("on a session with every kind of block, damage and a branch", () => {
    expectSameListing(everyKind());
    // It does drop the texts: tool output, arguments, thinking and image data are gone from the kept entries.
    const kept = JSON.stringify(scanSessionText(everyKind(), "1.6", { trim: dropUnlistedTexts }).values);
    for (const gone of ["xxxxxxxxxx", "hmm hmm", "iVBORiVBOR", "yyyyyyyyyy", "zzzzzzzzzz", "/p/a.ts"]) expect(kept).not.toContain(gone);
    expect(kept).toContain("look at this");
    expect(kept).toContain("a string reply");
  });

  it("on every fixture", () => {
    const files = jsonlUnder(FIXTURES);
    expect(files.length).toBeGreaterThan(10);
    for (const path of files) expectSameListing(readFileSync(path));
  });
});

describeWithShared("the listing's trimmed scan on the corpus", () => {
  it("reads the same as the whole one on every corpus session", () => {
    const files = jsonlUnder(sharedPath("corpus"));
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) expectSameListing(readFileSync(path));
  });
});
