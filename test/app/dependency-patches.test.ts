// The bundle patches Ink and two of its dependencies for speed (build/dependency-patches.mjs). A speed
// patch must not change a single character of output: these tests hold each against the original.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEAVY_PIECES } from "../support/heavy-session.mjs";
import { createElement, type ComponentType, type ReactElement } from "react";
import {
  INK_FRAME_CACHE_LIMIT,
  inkCharWidthsKept,
  inkFrameGridShared,
  inkOutputCachesAcrossFrames,
  inkSanitizedTextsKept,
  inkTruncateToWidth,
  inkWidestLineAcrossFrames,
  NARROW_SYMBOLS,
  ONE_UNIT_GRAPHEMES,
  stringWidthClustersKept,
  stringWidthNarrowSymbols,
  styledCharsSameStyle,
  styledCharsShareStyles,
  tokenizeOneUnitGraphemes,
} from "../../build/dependency-patches.mjs";

/** The code points of a regex character class body written with \uXXXX escapes and ranges. */
function codePointsOf(classBody: string): number[] {
  const units = [...classBody.matchAll(/\\u([0-9A-F]{4})(?:-\\u([0-9A-F]{4}))?/g)];
  expect(units.map((m) => m[0]).join("")).toBe(classBody);
  return units.flatMap(([, from, to]) => {
    const start = parseInt(from, 16);
    const end = to === undefined ? start : parseInt(to, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

describe("string-width: the tree's symbols counted without the segmenter", () => {
  const points = codePointsOf(NARROW_SYMBOLS);

  it("covers the tree's connectors and markers", () => {
    for (const ch of "│├└─•◆·⊟⊞…—›") expect(points).toContain(ch.codePointAt(0));
  });

  it("holds only characters string-width counts as one column, alone and in a row", () => {
    const wrong = points.filter((p) => stringWidth(String.fromCodePoint(p)) !== 1).map((p) => p.toString(16));
    expect(wrong).toEqual([]);
    const row = `├─ • [read: src/a.ts] ◆ ${points.map((p) => String.fromCodePoint(p)).join("")}`;
    expect(stringWidth(row)).toBe(row.length);
  });

  it("is not used when ambiguous characters count as wide (they are two columns then)", () => {
    expect(stringWidth("├─", { ambiguousIsNarrow: false })).toBe(4);
  });
});

type Styled = { type: "char"; value: string; fullWidth: boolean; styles: { code: string; endCode: string }[] }[];
interface AnsiTokenize {
  tokenize(text: string): unknown[];
  styledCharsFromTokens(tokens: unknown[]): Styled;
  styledCharsToString(chars: Styled): string;
}

describe("ansi-tokenize: styledCharsToString skips the diff between equal styles", () => {
  // The patched module is a copy of the package's build folder with the patch applied, placed beside
  // it inside the package so its own imports (its own ansi-styles, ...) resolve as the original's do.
  const packageDir = fileURLToPath(new URL("../../node_modules/@alcalzone/ansi-tokenize/", import.meta.url));
  const buildDir = join(packageDir, "build");
  let copyDir = "";
  let original: AnsiTokenize;
  let patched: AnsiTokenize;

  beforeAll(async () => {
    copyDir = mkdtempSync(join(packageDir, "pi-explorer-patch-"));
    cpSync(buildDir, copyDir, { recursive: true });
    const file = join(copyDir, "styledChars.js");
    let source = readFileSync(file, "utf8");
    for (const patch of [styledCharsSameStyle, styledCharsShareStyles]) {
      expect(source.split(patch.from)).toHaveLength(2);
      expect(patch.file.test(join(buildDir, "styledChars.js"))).toBe(true);
      source = source.replace(patch.from, () => patch.to) + (patch.append ?? "");
    }
    writeFileSync(file, source);
    original = (await import(pathToFileURL(join(buildDir, "index.js")).href)) as AnsiTokenize;
    patched = (await import(pathToFileURL(join(copyDir, "index.js")).href)) as AnsiTokenize;
  });
  afterAll(() => {
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  });

  // Styled text as Ink writes it: runs of text in colours, bold, dim, inverse, background, resets,
  // nested opens, 256-colour and truecolour codes, hyperlinks, wide characters.
  const CODES = ["\x1b[31m", "\x1b[39m", "\x1b[1m", "\x1b[22m", "\x1b[2m", "\x1b[7m", "\x1b[27m", "\x1b[43m", "\x1b[49m", "\x1b[0m", "\x1b[38;5;208m", "\x1b[38;2;1;2;3m", "\x1b[90m", "\x1b]8;;https://x.y\x07", "\x1b]8;;\x07"];
  const TEXTS = ["a", "bc ", "│ ", "•", "日本", "😀", " ", "tail"];
  function randomStyledText(seed: number): string {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    let text = "";
    for (let i = 0; i < 30; i++) text += next(3) === 0 ? CODES[next(CODES.length)] : TEXTS[next(TEXTS.length)];
    return text;
  }

  it("gives the same text as the original for every mix of styles", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const chars = original.styledCharsFromTokens(original.tokenize(randomStyledText(seed)));
      expect(patched.styledCharsToString(chars), `seed ${seed}`).toBe(original.styledCharsToString(chars));
    }
  });

  it("gives each character the original's styles, one shared copy per run", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const text = randomStyledText(seed);
      const want = original.styledCharsFromTokens(original.tokenize(text));
      const got = patched.styledCharsFromTokens(patched.tokenize(text));
      expect(got, `seed ${seed}`).toEqual(want);
      expect(patched.styledCharsToString(got), `seed ${seed}`).toBe(original.styledCharsToString(want));
    }
    const run = patched.styledCharsFromTokens(patched.tokenize("\x1b[31mabc\x1b[1mde"));
    expect(run[0].styles).toBe(run[2].styles);
    expect(run[2].styles).not.toBe(run[3].styles);
  });

  it("still writes the codes between cells whose styles differ, and the closing codes at the end", () => {
    const chars = original.styledCharsFromTokens(original.tokenize("\x1b[31mab\x1b[1mc\x1b[39md"));
    expect(patched.styledCharsToString(chars)).toBe("\x1b[31mab\x1b[1mc\x1b[39md\x1b[22m");
  });
});

describe("ansi-tokenize: text whose code units are each a grapheme is tokenized without the segmenter", () => {
  const packageDir = fileURLToPath(new URL("../../node_modules/@alcalzone/ansi-tokenize/", import.meta.url));
  const buildDir = join(packageDir, "build");
  let copyDir = "";
  let original: AnsiTokenize;
  let patched: AnsiTokenize;
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const oneUnit = new RegExp(`^[${ONE_UNIT_GRAPHEMES}]*$`);
  // Every code unit of the set, and neighbours of every kind that could join one (marks, joiners,
  // selectors, skin tones, jamo, regional indicators, CR LF, emoji).
  const SET = Array.from({ length: 0x2600 }, (_, i) => String.fromCharCode(i)).filter((ch) => oneUnit.test(ch));
  const JOINERS = ["\u0301", "\u200d", "\u200c", "\ufe0f", "\ufe0e", "\u{1f3fb}", "\u1160", "\u11a8", "\u{1f1e6}", "\r", "\n", "\u0903", "\u0600", "😀", "日", "\u{e0061}"];

  beforeAll(async () => {
    copyDir = mkdtempSync(join(packageDir, "pi-explorer-patch-"));
    cpSync(buildDir, copyDir, { recursive: true });
    const file = join(copyDir, "tokenize.js");
    const source = readFileSync(file, "utf8");
    expect(source.split(tokenizeOneUnitGraphemes.from)).toHaveLength(2);
    expect(tokenizeOneUnitGraphemes.file.test(join(buildDir, "tokenize.js"))).toBe(true);
    writeFileSync(file, source.replace(tokenizeOneUnitGraphemes.from, () => tokenizeOneUnitGraphemes.to) + tokenizeOneUnitGraphemes.append);
    original = (await import(pathToFileURL(join(buildDir, "index.js")).href)) as AnsiTokenize;
    patched = (await import(pathToFileURL(join(copyDir, "index.js")).href)) as AnsiTokenize;
  });
  afterAll(() => {
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  });

  it("holds only code units that Intl.Segmenter keeps apart from any neighbour", () => {
    expect(SET.length).toBeGreaterThan(900);
    for (const ch of "│├└─•◆·…—›←↑") expect(SET).toContain(ch);
    for (const ch of ["\r", "\u0301", "\u200d", "\ufe0f", "\u1100", "\ud83d"]) expect(SET).not.toContain(ch);
    const alone = (text: string) => [...segmenter.segment(text)].length === text.length;
    const all = SET.join("");
    expect(alone(all)).toBe(true);
    expect(alone([...all].reverse().join(""))).toBe(true);
    // Every unit next to many others, in shuffled orders (a joiner outside the set makes text leave the fast path).
    let state = 11;
    for (let round = 0; round < 30; round++) {
      const shuffled = [...SET];
      for (let i = shuffled.length - 1; i > 0; i--) {
        state = (state * 1103515245 + 12345) % 2147483648;
        const j = state % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      expect(alone(shuffled.join("")), `round ${round}`).toBe(true);
    }
  });

  it("gives the original's tokens for text in the set and for text outside it", () => {
    const CODES = ["\x1b[31m", "\x1b[39m", "\x1b[1m", "\x1b[22m", "\x1b[0m", "\x1b[38;5;208m", "\x1b]8;;https://x.y\x07", "\x1b]8;;\x07", "\x1b["];
    const PIECES = ["a", "bc ", "│ ", "•", "é", "ß", "¬", "←", "◆", "\x07", "\t", "tail", ...JOINERS];
    let state = 7;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    let inSet = 0;
    for (let i = 0; i < 3000; i++) {
      let text = "";
      // Half the texts stay inside the set (the fast path), half may leave it.
      const pieces = i % 2 === 0 ? PIECES.slice(0, 12) : PIECES;
      for (let k = 0, n = 1 + next(20); k < n; k++) text += next(4) === 0 ? CODES[next(CODES.length)] : pieces[next(pieces.length)];
      if (oneUnit.test(text)) inSet++;
      expect(patched.tokenize(text), JSON.stringify(text)).toEqual(original.tokenize(text));
    }
    expect(inSet).toBeGreaterThan(1000);
  });
});

describe("string-width: each cluster's width worked out once", () => {
  const packageDir = fileURLToPath(new URL("../../node_modules/string-width/", import.meta.url));
  let copyDir = "";
  let patched: (text: string, options?: { ambiguousIsNarrow?: boolean }) => number;

  beforeAll(async () => {
    // A copy of the package's module beside it (its imports resolve as the original's), with both of
    // the bundle's string-width patches, in the bundle's order.
    copyDir = mkdtempSync(join(packageDir, "pi-explorer-patch-"));
    let source = readFileSync(join(packageDir, "index.js"), "utf8");
    for (const patch of [stringWidthNarrowSymbols, stringWidthClustersKept]) {
      expect(source.split(patch.from)).toHaveLength(2);
      expect(patch.file.test(join(packageDir, "index.js"))).toBe(true);
      source = source.replace(patch.from, () => patch.to) + ("append" in patch ? patch.append : "");
    }
    writeFileSync(join(copyDir, "index.js"), source);
    patched = ((await import(pathToFileURL(join(copyDir, "index.js")).href)) as { default: typeof patched }).default;
  });
  afterAll(() => {
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  });

  it("gives the original's width for every mix of clusters, narrow or wide ambiguous, measured again", () => {
    const PIECES = [...HEAVY_PIECES, "a", " ", "é", "e\u0301", "±", "…", "ｶﾞ", "ｰ", "\u1100\u1161\u11a8", "\u1100", "\u0903", "\x1b[31m", "\x1b[39m", "\t", "\u200b", "\ud83d"];
    let state = 3;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let i = 0; i < 3000; i++) {
      let text = "";
      for (let k = 0, n = 1 + next(12); k < n; k++) text += PIECES[next(PIECES.length)];
      for (const ambiguousIsNarrow of [true, false]) {
        expect(patched(text, { ambiguousIsNarrow }), JSON.stringify(text)).toBe(stringWidth(text, { ambiguousIsNarrow }));
      }
    }
  });

  it("stays right after more distinct clusters than are kept", () => {
    const clusters: string[] = [];
    for (let c = 0x4e00; c < 0x4e00 + 9000; c++) clusters.push(`${String.fromCodePoint(c)}\ufe0f`);
    for (let round = 0; round < 2; round++) for (const cluster of clusters) expect(patched(`a${cluster}`), cluster).toBe(stringWidth(`a${cluster}`));
  });
});

interface InkModule {
  renderToString(node: ReactElement, options?: { columns?: number }): string;
  Box: ComponentType<Record<string, unknown>>;
  Text: ComponentType<Record<string, unknown>>;
}

describe("ink: widths and styled characters kept across frames, truncation to the box", () => {
  // Two copies of Ink's build folder inside the package: one as published, one with the patches
  // applied. (vitest applies the Ink patches to node_modules/ink/build itself: vitest.config.ts.)
  const packageDir = fileURLToPath(new URL("../../node_modules/ink/", import.meta.url));
  const buildDir = join(packageDir, "build");
  const tokenizePackageDir = fileURLToPath(new URL("../../node_modules/@alcalzone/ansi-tokenize/", import.meta.url));
  let originalDir = "";
  let copyDir = "";
  let tokenizeDir = "";
  let original: InkModule;
  let patched: InkModule;

  const forced = process.env.FORCE_COLOR;
  beforeAll(async () => {
    // The frames are compared with their colour codes: chalk (loaded with Ink below) writes none
    // without a terminal unless told to.
    process.env.FORCE_COLOR = "3";
    originalDir = mkdtempSync(join(packageDir, "pi-explorer-original-"));
    cpSync(buildDir, originalDir, { recursive: true });
    copyDir = mkdtempSync(join(packageDir, "pi-explorer-patch-"));
    cpSync(buildDir, copyDir, { recursive: true });
    const patches = [
      ["output.js", inkOutputCachesAcrossFrames],
      ["output.js", inkFrameGridShared],
      ["output.js", inkCharWidthsKept],
      ["sanitize-ansi.js", inkSanitizedTextsKept],
      ["render-node-to-output.js", inkWidestLineAcrossFrames],
      ["wrap-text.js", inkTruncateToWidth],
    ] as const;
    for (const [name, patch] of patches) {
      const file = join(copyDir, name);
      const source = readFileSync(file, "utf8");
      expect(source.split(patch.from)).toHaveLength(2);
      expect(patch.file.test(join(buildDir, name))).toBe(true);
      writeFileSync(file, source.replace(patch.from, () => patch.to) + ("append" in patch ? patch.append : ""));
    }
    // The patched Ink draws with the bundle's ansi-tokenize (its patched styled characters and tokenize).
    tokenizeDir = mkdtempSync(join(tokenizePackageDir, "pi-explorer-patch-"));
    cpSync(join(tokenizePackageDir, "build"), tokenizeDir, { recursive: true });
    for (const [name, patch] of [["styledChars.js", styledCharsSameStyle], ["styledChars.js", styledCharsShareStyles], ["tokenize.js", tokenizeOneUnitGraphemes]] as const) {
      const file = join(tokenizeDir, name);
      const source = readFileSync(file, "utf8");
      expect(source.split(patch.from)).toHaveLength(2);
      writeFileSync(file, source.replace(patch.from, () => patch.to) + (patch.append ?? ""));
    }
    const output = join(copyDir, "output.js");
    const drawn = readFileSync(output, "utf8").replaceAll("from '@alcalzone/ansi-tokenize'", `from '${pathToFileURL(join(tokenizeDir, "index.js")).href}'`);
    expect(drawn).toContain(tokenizeDir);
    writeFileSync(output, drawn);
    original = (await import(pathToFileURL(join(originalDir, "index.js")).href)) as InkModule;
    patched = (await import(pathToFileURL(join(copyDir, "index.js")).href)) as InkModule;
  }, 60_000);
  afterAll(() => {
    for (const dir of [originalDir, copyDir, tokenizeDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    if (forced === undefined) delete process.env.FORCE_COLOR;
    else process.env.FORCE_COLOR = forced;
  });

  it("cuts a truncated text whose wide character straddles the last column to the box, where Ink ran one column over", () => {
    for (const text of ["abcdefg日本語", "abcdefg😀xx", "abcdefg🗄️🗄️", "x한국어텍스트와"]) {
      const draw = (ink: InkModule) => createElement(ink.Box, { width: 9 }, createElement(ink.Text, { wrap: "truncate" }, text));
      expect(stringWidth(original.renderToString(draw(original), { columns: 20 })), text).toBe(10);
      const cut = patched.renderToString(draw(patched), { columns: 20 });
      expect(stringWidth(cut), text).toBeLessThanOrEqual(9);
      expect(cut.endsWith("…")).toBe(true);
    }
    // Where nothing straddles, the cut is Ink's own.
    const plain = (ink: InkModule) => createElement(ink.Box, { width: 9 }, createElement(ink.Text, { wrap: "truncate" }, "abcdefgh日本"));
    expect(patched.renderToString(plain(patched), { columns: 20 })).toBe(original.renderToString(plain(original), { columns: 20 }));
  });

  const PIECES = ["a", "tree ", "│ ", "•", "日本語", "😀", "🗄️", "👩‍💻", "한글", "é", " ", "tail", "◆"];
  const COLORS = [undefined, "cyan", "gray", "yellow", "green"];
  /** Rows of coloured runs, some wider than the frame (Ink cuts them), at several indents. */
  function frame(ink: InkModule, seed: number): ReactElement {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const rows: ReactElement[] = [];
    for (let r = 0; r < 12; r++) {
      const runs: ReactElement[] = [];
      for (let i = 0, n = 1 + next(8); i < n; i++) {
        let text = "";
        for (let j = 0, m = 1 + next(6); j < m; j++) text += PIECES[next(PIECES.length)];
        runs.push(createElement(ink.Text, { key: i, color: COLORS[next(COLORS.length)], bold: next(4) === 0 }, text));
      }
      const wrap = next(2) === 0 ? "truncate" : "wrap";
      rows.push(createElement(ink.Box, { key: r, paddingLeft: next(3) }, createElement(ink.Text, { wrap }, ...runs)));
    }
    return createElement(ink.Box, { flexDirection: "column", width: 40 }, ...rows);
  }

  it("draws every frame as the original does, lines seen before included", () => {
    // Seeds repeat, so later frames draw lines (and whole texts) the caches already hold. A frame
    // where the original runs a line past the box (a wide character at its edge) differs by design.
    let compared = 0;
    let coloured = 0;
    for (let i = 0; i < 180; i++) {
      const seed = 1 + (i % 60);
      const want = original.renderToString(frame(original, seed), { columns: 40 });
      const got = patched.renderToString(frame(patched, seed), { columns: 40 });
      for (const line of got.split("\n")) expect(stringWidth(line), `seed ${seed}`).toBeLessThanOrEqual(40);
      if (want.split("\n").some((line) => stringWidth(line) > 40)) continue;
      expect(got, `seed ${seed}`).toBe(want);
      if (want.includes("\x1b[")) coloured++;
      compared++;
    }
    expect(compared).toBeGreaterThan(90);
    expect(coloured).toBeGreaterThan(80);
  });

  it("draws clipped boxes, borders and the rows of one frame at other widths as the original does", () => {
    // A row drawn before is drawn from what was written on it: the same writes in a clipped box, a
    // bordered one, or on a frame of another width must still give the original's row.
    const draw = (ink: InkModule, seed: number, width: number) =>
      createElement(
        ink.Box,
        { flexDirection: "row", width },
        createElement(ink.Box, { width: Math.floor(width / 2), overflow: "hidden", flexDirection: "column" }, frame(ink, seed)),
        createElement(ink.Box, { borderStyle: "single", borderLeft: true, borderRight: false, borderTop: false, borderBottom: false, paddingLeft: 1, flexDirection: "column" }, frame(ink, seed + 1)),
      );
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const seed = 1 + (i % 10);
      const columns = [60, 44, 60, 80][i % 4];
      const want = original.renderToString(draw(original, seed, columns), { columns });
      const got = patched.renderToString(draw(patched, seed, columns), { columns });
      if (want.split("\n").some((line) => stringWidth(line) > columns)) continue;
      expect(got, `seed ${seed} at ${columns}`).toBe(want);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(25);
  });

  it("draws a frame again, and one that differs from the last in a row, as the original does", () => {
    // The rows whose writes are those of the last frame's same row are that row's text again.
    const rows = (ink: InkModule, texts: string[], color: string | undefined) =>
      createElement(ink.Box, { flexDirection: "column", width: 40 }, ...texts.map((t, r) => createElement(ink.Text, { key: r, wrap: "truncate", color: r % 3 === 0 ? color : undefined }, t)));
    const texts = Array.from({ length: 12 }, (_, r) => `row ${r} 日本 😀 ${"x".repeat(r)}`);
    for (let step = 0; step < 40; step++) {
      const now = [...texts];
      if (step % 2 === 1) now[step % 12] = `changed ${step} 🗄️ é`;
      const color = step % 4 < 2 ? "cyan" : "gray";
      for (let again = 0; again < 2; again++) {
        expect(patched.renderToString(rows(patched, now, color), { columns: 40 }), `step ${step}`).toBe(original.renderToString(rows(original, now, color), { columns: 40 }));
      }
    }
    // The same rows in a frame of another width.
    for (const columns of [40, 30, 40, 20]) {
      const draw = (ink: InkModule) => createElement(ink.Box, { flexDirection: "column" }, ...texts.map((t, r) => createElement(ink.Text, { key: r }, t)));
      expect(patched.renderToString(draw(patched), { columns }), `columns ${columns}`).toBe(original.renderToString(draw(original), { columns }));
    }
  });

  it("stays right after the caches fill and are cleared", () => {
    // More distinct lines than INK_FRAME_CACHE_LIMIT: each cache is cleared on the way.
    const rows = INK_FRAME_CACHE_LIMIT / 40 + 10;
    for (let f = 0; f < 42; f++) {
      const lines = Array.from({ length: rows }, (_, r) => `${f}·${r} 😀 日本 ${"x".repeat(r % 7)}`);
      const draw = (ink: InkModule) => createElement(ink.Box, { flexDirection: "column" }, ...lines.map((l, r) => createElement(ink.Text, { key: r, wrap: "truncate" }, l)));
      expect(patched.renderToString(draw(patched), { columns: 30 }), `frame ${f}`).toBe(original.renderToString(draw(original), { columns: 30 }));
    }
  });
});
