// Shift+C (pi's /compact at the selected entry) and the user's pi settings in the app's commits:
// keepRecentTokens decides the cut, branchSummary.reserveTokens the summarizer budget.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { CompactionCommit } from "../../components/commit/CompactionCommit.js";
import { appClock, commitPending } from "../../components/document/commit-to-file.js";
import { readDocument } from "../../components/document/commit-to-file.js";
import type { SessionDocument } from "../../components/document/session-document.js";
import { DocumentRegistry, DocumentsProvider } from "../../components/document/use-document.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { buildTree, labelCommit, parseSession, readSessionFile, type SessionEntry } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

// The test's folder is also the pi home whose settings the commits read.
const copies = useFixtureCopies("compact-app");
let home: string;
let file: string;
let before: Buffer;

beforeEach(() => {
  home = copies.dir();
  file = copies.copy("app/branched.jsonl");
  before = readFileSync(file);
});

function writeSettings(settings: object): void {
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  writeFileSync(join(home, ".pi", "agent", "settings.json"), JSON.stringify(settings));
}

const open = (): Promise<InkHarness> =>
  renderInk(<App env={{ cwd: home, home, env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 34 });

describe("compaction commit: Shift+C", () => {
  it("says there is nothing to write when pi would not compact (default keepRecentTokens covers it all)", async () => {
    const ui = await open();
    await ui.press("C");
    const frame = await ui.waitFor((f) => f.includes("Nothing to write"), WAIT_MS);
    expect(frame).toContain("Compaction (what pi's /compact would append now)");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("with the user's keepRecentTokens, previews and appends the compaction pi would write at its leaf", async () => {
    writeSettings({ compaction: { keepRecentTokens: 40 } });
    const ui = await open();
    await ui.press("C");
    const preview = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(preview).toContain("keepRecentTokens 40");
    expect(preview).toContain("+ compaction");
    expect(preview).toMatch(/firstKeptEntryId="[^"]+"/);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote compaction"), WAIT_MS);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const loaded = parseSession(bytes, "1.6");
    const last = loaded.entries.at(-1) as SessionEntry & { firstKeptEntryId?: string; tokensBefore?: number };
    expect(last.type).toBe("compaction");
    expect(last.parentId).toBe("lb1"); // pi compacts at its leaf (a label entry), not at the cursor's a6b
    expect(typeof last.tokensBefore).toBe("number");
    expect(buildTree(loaded).leafId).toBe(last.id);
  });
});

describe("CompactionCommit for other screens (the compaction preview)", () => {
  it("commits at the given entry with the given settings and tells the screens showing that file", async () => {
    const { loaded, snapshot } = readSessionFile(file, "1.6");
    const tree = buildTree(loaded);
    // The file open in the app (as the tree under a preview has it): its owner announces the commit.
    const registry = new DocumentRegistry("1.6");
    const store = registry.store(file, { tree, snapshot });
    registry.retain(store);
    const writes: { document: SessionDocument; focusId?: string }[] = [];
    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (state.status === "open" && state.news?.kind === "committed") writes.push({ document: state.doc, focusId: state.news.focusId });
    });
    const stop = () => (unsubscribe(), registry.release(store));
    const committed: string[] = [];
    try {
      const ui = await renderInk(
        <DocumentsProvider registry={registry}>
        <KeyRouter>
          <CompactionCommit
            file={file}
            tree={tree}
            snapshot={snapshot}
            profile="1.6"
            leafId="a5a"
            settings={{ enabled: true, keepRecentTokens: 10, reserveTokens: 16384 }}
            width={120}
            height={20}
            active
            onCancel={() => committed.push("cancel")}
            onCommitted={(c) => committed.push(c.message)}
          />
        </KeyRouter>
        </DocumentsProvider>,
        { columns: 120, rows: 22 },
      );
      await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
      await ui.press("y");
      expect(committed[0]).toMatch(/^Wrote compaction /);
      const last = parseSession(readFileSync(file, "utf8"), "1.6").entries.at(-1)!;
      expect(last).toMatchObject({ type: "compaction", parentId: "a5a" });
      expect(writes).toHaveLength(1);
      expect(writes[0].focusId).toBe(last.id);
      expect(writes[0].document.tree.leafId).toBe(last.id);
    } finally {
      stop();
    }
  });

  it("a tree showing the file re-reads it after another screen's commit", async () => {
    const ui = await open();
    await ui.waitFor((f) => f.includes("(9/14)"), WAIT_MS);
    const doc = readDocument(file, "1.6");
    if (!doc.ok) throw new Error(doc.message);
    const result = commitPending(doc.value, labelCommit(doc.value.tree, "u1", "from-elsewhere", appClock()), "1.6", "label entry");
    expect(result.ok).toBe(true);
    const frame = await ui.waitFor((f) => f.includes("[from-elsewhere]"), WAIT_MS);
    expect(frame).toContain("21 entries");
  });
});

describe("branch summary budget from the user's settings", () => {
  it("shows what pi's budget drops when branchSummary.reserveTokens leaves little room", async () => {
    writeSettings({ branchSummary: { reserveTokens: 128000 - 300 } });
    const ui = await open();
    await ui.press("end", "enter");
    const frame = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(frame).toMatch(/Dropped {4}\d+ oldest messages do not fit pi's budget of 300 tokens/);
  });

  it("notes branchSummary.skipPrompt: pi itself would neither ask nor summarize", async () => {
    writeSettings({ branchSummary: { skipPrompt: true } });
    const ui = await open();
    await ui.press("end", "enter");
    const frame = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(frame).toContain("branchSummary.skipPrompt is on");
  });
});
