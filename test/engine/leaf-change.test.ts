// Every confirm says where pi's leaf goes before it asks (the last entry appended becomes the leaf).
import { describe, expect, it } from "vitest";
import { leafChangeText, type SessionEntry } from "../../src/engine/index.js";

const entry = (id: string, parentId: string | null) => ({ type: "label", id, parentId, timestamp: "t", targetId: "x" }) as SessionEntry;

describe("leafChangeText", () => {
  it("an entry on top of the leaf: the same branch", () => {
    expect(leafChangeText("a9", { entries: [entry("n1", "a9")], newLeafId: "n1" })).toBe("pi's leaf moves from a9 to n1, on top of it: the same branch, one step on.");
  });

  it("an entry under another entry: another branch, and the old leaf's entries stay in the file", () => {
    expect(leafChangeText("a9", { entries: [entry("n1", "u3")], newLeafId: "n1" })).toBe(
      "pi's leaf moves from a9 to n1, under u3: another branch; the entries after u3 on the way to a9 stay in the file, off pi's path.",
    );
  });

  it("an empty session, and an entry at the root", () => {
    expect(leafChangeText(null, { entries: [entry("n1", null)], newLeafId: "n1" })).toBe("pi's leaf moves from (none: no entries yet) to n1, on top of it: the same branch, one step on.");
    expect(leafChangeText("a9", { entries: [entry("n1", null)], newLeafId: "n1" })).toMatch(/^pi's leaf moves from a9 to n1, under \(the root\): another branch; the entries after the root on the way to a9/);
  });
});
