// buildTree / getBranch and the navigation helpers: pi's child order, roots, leaf, labels, name,
// and deep or large trees handled without recursion.
import { describe, expect, it } from "vitest";
import {
  branchPoints,
  buildTree,
  commonAncestorId,
  depthOf,
  descendantCount,
  getBranch,
  labelOf,
  leafEntries,
  parentOf,
  parseSession,
  pathIdSet,
  walkTree,
  type SessionTree,
} from "../../src/engine/index.js";

const H = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
type Rec = Record<string, unknown>;
const e = (id: string, parentId: string | null, timestamp = "2026-01-01T00:00:01.000Z", extra: Rec = {}): Rec => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: { role: "user", content: id, timestamp: 1 },
  ...extra,
});
const treeOf = (...entries: Rec[]): SessionTree => buildTree(parseSession([H, ...entries.map((x) => JSON.stringify(x))].join("\n") + "\n", "1.6"));
const idsOf = (list: { id: string }[]): string[] => list.map((x) => x.id);
const at = (sec: number): string => `2026-01-01T00:00:${String(sec).padStart(2, "0")}.000Z`;

describe("children order (pi's getTree)", () => {
  it("sorts by timestamp ascending and keeps file order for equal timestamps", () => {
    const tree = treeOf(e("r", null, at(0)), e("c", "r", at(5)), e("a", "r", at(2)), e("b", "r", at(2)), e("d", "r", at(1)));
    expect(idsOf(tree.childrenOf("r"))).toEqual(["d", "a", "b", "c"]);
  });

  it("treats unparsable timestamps as equal to everything (as V8 sorts pi's comparator)", () => {
    const t1 = treeOf(e("r", null, at(0)), e("x", "r", "bad"), e("y", "r", at(2)), e("z", "r", at(1)), e("w", "r", at(0)));
    expect(idsOf(t1.childrenOf("r"))).toEqual(["x", "w", "z", "y"]);
    const t2 = treeOf(e("r", null, at(0)), e("y", "r", at(2)), e("x", "r", "bad"), e("z", "r", at(1)));
    expect(idsOf(t2.childrenOf("r"))).toEqual(["y", "x", "z"]);
  });

  it("does not sort roots: they stay in file order", () => {
    const tree = treeOf(e("late", null, at(9)), e("early", null, at(1)), e("orphan", "nope", at(0)));
    expect(idsOf(tree.roots)).toEqual(["late", "early", "orphan"]);
  });

  it("unknown ids have no children", () => {
    expect(treeOf(e("r", null)).childrenOf("missing")).toEqual([]);
  });
});

describe("leaf and path", () => {
  it("the leaf is the last entry in the file, whatever its type or branch", () => {
    const tree = treeOf(e("r", null), e("a", "r"), e("b", "r"), { type: "label", id: "l", parentId: "a", timestamp: at(3), targetId: "r", label: "x" });
    expect(tree.leafId).toBe("l");
    expect(idsOf(getBranch(tree))).toEqual(["r", "a", "l"]);
    expect(idsOf(getBranch(tree, "b"))).toEqual(["r", "b"]);
    expect(getBranch(tree, "unknown")).toEqual([]);
  });

  it("an empty session has no leaf and no path", () => {
    const tree = buildTree(parseSession(`${H}\n`, "1.6"));
    expect(tree.leafId).toBeNull();
    expect(getBranch(tree)).toEqual([]);
    expect(tree.roots).toEqual([]);
  });
});

describe("labels and session name", () => {
  const label = (id: string, targetId: string, value: unknown, sec: number): Rec => {
    const rec: Rec = { type: "label", id, parentId: null, timestamp: at(sec), targetId };
    if (value !== undefined) rec.label = value;
    return rec;
  };
  it("the latest label wins, an empty or missing label clears, and the label's timestamp is kept", () => {
    const tree = treeOf(e("a", null), e("b", "a"), label("l1", "a", "first", 10), label("l2", "a", "second", 11), label("l3", "b", "gone", 12), label("l4", "b", "", 13), label("l5", "a", undefined, 14), label("l6", "a", "again", 15));
    expect(tree.labels.get("a")).toEqual({ label: "again", timestamp: at(15) });
    expect(tree.labels.has("b")).toBe(false);
    expect(labelOf(tree, "a")).toBe("again");
  });

  it("the latest session_info names the session, trimmed; a blank one clears it", () => {
    const info = (id: string, name: string): Rec => ({ type: "session_info", id, parentId: null, timestamp: at(1), name });
    expect(treeOf(info("i1", "  One  ")).sessionName).toBe("One");
    expect(treeOf(info("i1", "One"), info("i2", "   ")).sessionName).toBeUndefined();
    expect(treeOf(info("i1", ""), info("i2", "Two")).sessionName).toBe("Two");
    expect(treeOf(e("a", null)).sessionName).toBeUndefined();
  });
});

describe("helpers", () => {
  // r ─ a ─ b ─ c
  //      └─ d ─ e
  //           └─ f
  const tree = treeOf(e("r", null, at(0)), e("a", "r", at(1)), e("b", "a", at(2)), e("c", "b", at(3)), e("d", "a", at(4)), e("e", "d", at(5)), e("f", "d", at(6)));

  it("parentOf, depthOf, pathIdSet", () => {
    expect(parentOf(tree, "e")?.id).toBe("d");
    expect(parentOf(tree, "r")).toBeUndefined();
    expect(depthOf(tree, "e")).toBe(3);
    expect(depthOf(tree, "zzz")).toBe(-1);
    expect([...pathIdSet(tree)]).toEqual(["r", "a", "d", "f"]);
  });

  it("branch points, leaves, common ancestor, descendants", () => {
    expect(idsOf(branchPoints(tree))).toEqual(["a", "d"]);
    expect(tree.branchPointCount).toBe(2);
    expect(idsOf(leafEntries(tree))).toEqual(["c", "e", "f"]);
    expect(commonAncestorId(tree, "c", "f")).toBe("a");
    expect(commonAncestorId(tree, "e", "f")).toBe("d");
    expect(descendantCount(tree, "a")).toBe(5);
  });

  it("walkTree is a pre-order walk in pi's display order with depths", () => {
    expect([...walkTree(tree)].map((v) => `${v.entry.id}${v.depth}`)).toEqual(["r0", "a1", "b2", "c3", "d2", "e3", "f3"]);
  });
});

describe("size", () => {
  it("a 12,000-deep chain builds, walks and paths without recursion", () => {
    const entries: Rec[] = [];
    for (let i = 0; i < 12000; i++) entries.push(e(`n${i}`, i === 0 ? null : `n${i - 1}`, at(i % 60)));
    const tree = treeOf(...entries);
    expect(getBranch(tree)).toHaveLength(12000);
    expect(depthOf(tree, "n11999")).toBe(11999);
    let deepest = 0;
    for (const v of walkTree(tree)) deepest = Math.max(deepest, v.depth);
    expect(deepest).toBe(11999);
    expect(descendantCount(tree, "n0")).toBe(11999);
  });

  it("55,000 entries with many branches index completely", () => {
    const entries: Rec[] = [e("root", null, at(0))];
    for (let i = 0; i < 55000; i++) entries.push(e(`x${i}`, i % 10 === 0 ? "root" : `x${i - 1}`, at(i % 60)));
    const tree = treeOf(...entries);
    expect(tree.byId.size).toBe(55001);
    expect(tree.childrenOf("root")).toHaveLength(5500);
    expect(getBranch(tree).map((x) => x.id)).toEqual(["root", ...Array.from({ length: 10 }, (_, k) => `x${54990 + k}`)]);
  });
});
