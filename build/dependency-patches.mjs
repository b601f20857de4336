// Exact text patches the bundler (rolldown.config.mjs) applies to dependencies and to tsc's output:
// each replaces `from` with `to` in the one module whose path matches `file` (and adds `append`, if
// any, at its end); the build fails when `from` is not there exactly once.

// dist/src/cli/main.js finds package.json three folders up; dist/bin/main.js finds it two up.
export const packageJsonFromBundle = {
  name: "package-json-from-bundle",
  file: /[\\/]dist[\\/]src[\\/]cli[\\/]main\.js$/,
  from: '"../../../package.json"',
  to: '"../../package.json"',
};

// yoga-layout (Ink's layout engine) reads its embedded WebAssembly through fetch() of a data: URL when
// fetch exists. In Node that first touch of fetch loads undici, some 25 ms of the first frame; its own
// synchronous base64 fallback gives the same bytes without it.
export const yogaWithoutFetch = {
  name: "yoga-without-fetch",
  file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
  from: 'function ya(){return w||"function"!=typeof fetch?',
  to: "function ya(){return true?",
};

// Ink 6.8's useInput reads `keypress.name` for any sequence parsed as Ctrl, but an escape sequence
// it has no name for (e.g. the colour code "\x1b[31m" in pasted terminal output) has none, and
// `input.startsWith` then throws out of the stdin handler: the app dies. An unnamed Ctrl key is no
// input at all.
export const inkUnnamedCtrlKey = {
  name: "ink-unnamed-ctrl-key",
  file: /[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/,
  from: "else if (keypress.ctrl) {\n                input = keypress.name;",
  to: "else if (keypress.ctrl) {\n                input = keypress.name ?? '';",
};

// string-width measures every string that is not printable ASCII with Intl.Segmenter and several
// Unicode-property regexes per grapheme; on the first frame that cold path costs more than drawing
// the tree, whose rows are ASCII plus a few connector and marker symbols. These symbols are single
// code points that string-width itself counts as one column when ambiguous characters are narrow
// (its default, and how Ink calls it); test/app/dependency-patches.test.ts checks each one against it.
export const NARROW_SYMBOLS = "\\u00B7\\u2013\\u2014\\u2022\\u2026\\u2039\\u203A\\u2190-\\u2193\\u229E\\u229F\\u2500-\\u257F\\u25C6\\u25C7";
export const stringWidthNarrowSymbols = {
  name: "string-width-narrow-symbols",
  // Ink's own string-width (8.x), not the older copy wrap-ansi keeps, which has no such fast path.
  file: /^(?!.*[\\/]wrap-ansi[\\/]).*[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
  from: "\tif (/^[\\u0020-\\u007E]*$/.test(string)) {",
  to: `\tif (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && /^[\\u0020-\\u007E${NARROW_SYMBOLS}]*$/.test(string))) {`,
};

// Ink turns every frame into text through ansi-tokenize's styledCharsToString, which for each cell
// builds the ANSI codes that lead from the previous cell's style to this one (several Sets and
// arrays per cell), although neighbouring cells nearly always share a style. For two cells with
// the same codes in the same order that diff is empty, so it is skipped; any other pair is diffed
// as before. test/app/dependency-patches.test.ts compares the patched function with the original.
export const styledCharsSameStyle = {
  name: "styled-chars-same-style",
  file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
  from: `        else {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }`,
  to: `        else if (!sameStyles(chars[i - 1].styles, char.styles)) {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }`,
  append: `
function sameStyles(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
    return true;
}
`,
};

// Ink measures and tokenizes every line of every frame afresh: its Output keeps the string widths and
// styled characters of a line only for the one frame it draws, and renderNodeToOutput measures each
// text's widest line again (string-width: Intl.Segmenter and Unicode-property regexes for any text that is
// not plain ASCII) on every frame. A key press changes a row or two, so a frame of emoji and CJK rows
// spent most of its time re-measuring lines it measured one frame before. Output's caches are kept
// across frames (bounded; cleared whole when full), and the widest line comes from the cache of Ink's
// own measureText, which the layout filled for the same text. The cached values are pure functions of the
// string and are never mutated; test/app/dependency-patches.test.ts draws frames both ways.
export const INK_FRAME_CACHE_LIMIT = 8192;
export const inkOutputCachesAcrossFrames = {
  name: "ink-output-caches-across-frames",
  file: /[\\/]ink[\\/]build[\\/]output\.js$/,
  from: `class OutputCaches {
    widths = new Map();
    blockWidths = new Map();
    styledChars = new Map();`,
  to: `class OutputCaches {
    widths = keptAcrossFrames(framesWidths);
    blockWidths = keptAcrossFrames(framesBlockWidths);
    styledChars = keptAcrossFrames(framesStyledChars);`,
  append: `
const framesWidths = new Map();
const framesBlockWidths = new Map();
const framesStyledChars = new Map();
function keptAcrossFrames(cache) {
    if (cache.size > ${INK_FRAME_CACHE_LIMIT}) cache.clear();
    return cache;
}
`,
};
export const inkWidestLineAcrossFrames = {
  name: "ink-widest-line-across-frames",
  file: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/,
  from: "const currentWidth = widestLine(text);",
  // Ink's measureText keeps every text's width (the layout measured the same text just before).
  to: "const currentWidth = measureTextKept(text).width;",
  append: `
import measureTextKept from './measure-text.js';
`,
};

// Ink cuts a text wider than its box (wrap="truncate") with cli-truncate, which keeps a wide
// character (CJK, emoji) that straddles the last column whole: the line comes out one column wider
// than the box, and the terminal wraps it onto the next row (the frame shifts down a line). Every
// truncated text of every screen goes through here, so this is where it is cut to fit: when the cut
// is too wide, it is cut again one column shorter (the straddling character dropped, as
// kit/text-width.ts truncateToWidth does). vitest.config.ts applies the Ink patches to the tests' Ink.
export const inkTruncateToWidth = {
  name: "ink-truncate-to-width",
  file: /[\\/]ink[\\/]build[\\/]wrap-text\.js$/,
  from: "        wrappedText = cliTruncate(text, maxWidth, { position });",
  to: `        wrappedText = cliTruncate(text, maxWidth, { position });
        for (let room = maxWidth - 1; room > 0 && widestLineOfCut(wrappedText) > maxWidth; room--) {
            wrappedText = cliTruncate(text, room, { position });
        }`,
  append: `
import widestLineOfCut from 'widest-line';
`,
};

// Ink (maxFps 30) throttles its render on every React commit with a debounce (leading, trailing,
// maxWait 34 ms): a commit draws at once, a commit within 34 ms of it waits for the window's timer.
// Two ways a key's frame waited ~34 ms with nothing to draw before it (recall's first typed key on a
// 50 MB session, right after the index build):
// - a window whose timer had expired while the main thread was busy (the build) was still open: the
//   next commit pushed the timer a full window on. Now a commit more than a window after the last
//   render draws at once (ink-late-window-draws);
// - a commit that changes nothing on screen (a state the view does not show) took the window. A
//   render with nothing to write now gives the window back (ink-no-write-frees-frame).
export const inkLateWindowDraws = {
  name: "ink-late-window-draws",
  file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
  from: `            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };`,
  to: `            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
                if (performance.now() - this.lastRenderAt >= renderThrottleMs) {
                    throttled.flush();
                }
            };`,
};
// (when the last render ran, for ink-late-window-draws)
export const inkLastRenderAt = {
  name: "ink-last-render-at",
  file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
  from: `    onRender = () => {
        this.hasPendingThrottledRender = false;`,
  to: `    onRender = () => {
        this.hasPendingThrottledRender = false;
        this.lastRenderAt = performance.now();`,
};
export const inkNoWriteFreesFrame = {
  name: "ink-no-write-frees-frame",
  file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
  from: `            // ThrottledLog manages its own bsu/esu at actual write time
            this.throttledLog(outputToRender);
        }`,
  to: `            // ThrottledLog manages its own bsu/esu at actual write time
            this.throttledLog(outputToRender);
        }
        else {
            this.throttledOnRender?.cancel();
        }`,
};

// Ink builds every frame as a grid of cells, columns x rows, then turns each row into text with
// ansi-tokenize: a fresh object for every blank cell of every frame (4,800 at 120x40), a string-width
// lookup per drawn character, and each row read cell by cell to its last column although the
// trimEnd that follows removes the blanks after its last drawn cell; every row again on every frame,
// although a key changes a few of them. A key in the detail pane spent more time here than in React.
// Now a row whose writes (the lines after clipping and transformers, at their columns, in order) are
// those of the same row of the last frame is that row's text again. Any other row is
// placed on a row of one shared blank cell (a cell is only read once placed), with the characters'
// widths kept with their line (across frames, as the styled characters are), and read straight into
// text up to its last drawn cell (the closing codes follow that cell either way).
// test/app/dependency-patches.test.ts draws frames both ways.
export const inkFrameGridShared = {
  name: "ink-frame-grid-shared",
  file: /[\\/]ink[\\/]build[\\/]output\.js$/,
  from: `        // Initialize output array with a specific set of rows, so that margin/padding at the bottom is preserved
        const output = [];
        for (let y = 0; y < this.height; y++) {
            const row = [];
            for (let x = 0; x < this.width; x++) {
                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });
            }
            output.push(row);
        }
        const clips = [];
        for (const operation of this.operations) {
            if (operation.type === 'clip') {
                clips.push(operation.clip);
            }
            if (operation.type === 'unclip') {
                clips.pop();
            }
            if (operation.type === 'write') {
                const { text, transformers } = operation;
                let { x, y } = operation;
                let lines = text.split('\\n');
                const clip = clips.at(-1);
                if (clip) {
                    const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
                    const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
                    // If text is positioned outside of clipping area altogether,
                    // skip to the next operation to avoid unnecessary calculations
                    if (clipHorizontally) {
                        const width = this.caches.getWidestLine(text);
                        if (x + width < clip.x1 || x > clip.x2) {
                            continue;
                        }
                    }
                    if (clipVertically) {
                        const height = lines.length;
                        if (y + height < clip.y1 || y > clip.y2) {
                            continue;
                        }
                    }
                    if (clipHorizontally) {
                        lines = lines.map(line => {
                            const from = x < clip.x1 ? clip.x1 - x : 0;
                            const width = this.caches.getStringWidth(line);
                            const to = x + width > clip.x2 ? clip.x2 - x : width;
                            return sliceAnsi(line, from, to);
                        });
                        if (x < clip.x1) {
                            x = clip.x1;
                        }
                    }
                    if (clipVertically) {
                        const from = y < clip.y1 ? clip.y1 - y : 0;
                        const height = lines.length;
                        const to = y + height > clip.y2 ? clip.y2 - y : height;
                        lines = lines.slice(from, to);
                        if (y < clip.y1) {
                            y = clip.y1;
                        }
                    }
                }
                let offsetY = 0;
                for (let [index, line] of lines.entries()) {
                    const currentLine = output[y + offsetY];
                    // Line can be missing if \`text\` is taller than height of pre-initialized \`this.output\`
                    if (!currentLine) {
                        continue;
                    }
                    for (const transformer of transformers) {
                        line = transformer(line, index);
                    }
                    const characters = this.caches.getStyledChars(line);
                    let offsetX = x;
                    for (const character of characters) {
                        currentLine[offsetX] = character;
                        // Determine printed width using string-width to align with measurement
                        const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));
                        // For multi-column characters, clear following cells to avoid stray spaces/artifacts
                        if (characterWidth > 1) {
                            for (let index = 1; index < characterWidth; index++) {
                                currentLine[offsetX + index] = {
                                    type: 'char',
                                    value: '',
                                    fullWidth: false,
                                    styles: character.styles,
                                };
                            }
                        }
                        offsetX += characterWidth;
                    }
                    offsetY++;
                }
            }
        }
        const generatedOutput = output
            .map(line => {
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\\n');`,
  to: `        // What each row gets written, in order (the line after clipping and transformers, at its
        // column), then each row turned into text: one whose writes are those of a row drawn before
        // is that row's text again. Otherwise its cells are placed on a row of one shared blank cell
        // (cells are only read once placed) and read up to its last written cell: the blanks after it
        // are spaces that the trimEnd below removes (the closing codes follow that cell either way).
        const output = [];
        for (let y = 0; y < this.height; y++) {
            output.push([]);
        }
        const clips = [];
        for (const operation of this.operations) {
            if (operation.type === 'clip') {
                clips.push(operation.clip);
            }
            if (operation.type === 'unclip') {
                clips.pop();
            }
            if (operation.type === 'write') {
                const { text, transformers } = operation;
                let { x, y } = operation;
                let lines = text.split('\\n');
                const clip = clips.at(-1);
                if (clip) {
                    const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
                    const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
                    if (clipHorizontally) {
                        const width = this.caches.getWidestLine(text);
                        if (x + width < clip.x1 || x > clip.x2) {
                            continue;
                        }
                    }
                    if (clipVertically) {
                        const height = lines.length;
                        if (y + height < clip.y1 || y > clip.y2) {
                            continue;
                        }
                    }
                    if (clipHorizontally) {
                        lines = lines.map(line => {
                            const from = x < clip.x1 ? clip.x1 - x : 0;
                            const width = this.caches.getStringWidth(line);
                            const to = x + width > clip.x2 ? clip.x2 - x : width;
                            return sliceAnsi(line, from, to);
                        });
                        if (x < clip.x1) {
                            x = clip.x1;
                        }
                    }
                    if (clipVertically) {
                        const from = y < clip.y1 ? clip.y1 - y : 0;
                        const height = lines.length;
                        const to = y + height > clip.y2 ? clip.y2 - y : height;
                        lines = lines.slice(from, to);
                        if (y < clip.y1) {
                            y = clip.y1;
                        }
                    }
                }
                let offsetY = 0;
                for (let [index, line] of lines.entries()) {
                    const writes = output[y + offsetY];
                    if (!writes) {
                        continue;
                    }
                    for (const transformer of transformers) {
                        line = transformer(line, index);
                    }
                    writes.push(x, line);
                    offsetY++;
                }
            }
        }
        const generatedOutput = output
            .map((writes, y) => {
            if (writes.length === 0) {
                return '';
            }
            const before = previousRows[y];
            if (before !== undefined && before.width === this.width && sameWrites(before.writes, writes)) {
                return before.text;
            }
            const text = this.caches.rowText(writes, this.width);
            previousRows[y] = { width: this.width, writes, text };
            return text;
        })
            .join('\\n');`,
  append: `
const framesCharWidths = new Map();
// (each row of the last frame drawn, its writes and its text: for ink-frame-grid-shared)
const previousRows = [];
function sameWrites(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}
const blankCell = { type: 'char', value: ' ', fullWidth: false, styles: [] };
// styledCharsToString of the row's cells up to \`end\` (holes skipped), without copying them out first:
// the codes that lead from each cell's style to the next (none between equal styles), the closing
// codes after the last.
function rowToString(line, end) {
    let ret = '';
    let previous;
    for (let x = 0; x < end; x++) {
        const char = line[x];
        if (char === undefined) {
            continue;
        }
        if (previous === undefined) {
            ret += rowCodesToString(char.styles);
        }
        else if (!rowSameStyles(previous.styles, char.styles)) {
            ret += rowCodesToString(rowDiffCodes(previous.styles, char.styles));
        }
        ret += char.value;
        previous = char;
    }
    if (previous !== undefined) {
        ret += rowCodesToString(rowDiffCodes(previous.styles, []));
    }
    return ret;
}
function rowSameStyles(a, b) {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
    return true;
}
import { ansiCodesToString as rowCodesToString, diffAnsiCodes as rowDiffCodes } from '@alcalzone/ansi-tokenize';
`,
};
// (the characters' widths kept with their line, for ink-frame-grid-shared)
export const inkCharWidthsKept = {
  name: "ink-char-widths-kept",
  file: /[\\/]ink[\\/]build[\\/]output\.js$/,
  from: `    getStringWidth(text) {`,
  to: `    charWidths = keptAcrossFrames(framesCharWidths);
    rowText(writes, width) {
        const currentLine = new Array(width).fill(blankCell);
        let end = 0;
        for (let w = 0; w < writes.length; w += 2) {
            const line = writes[w + 1];
            const characters = this.getStyledChars(line);
            const widths = this.getCharWidths(line, characters);
            let offsetX = writes[w];
            for (let c = 0; c < characters.length; c++) {
                const character = characters[c];
                currentLine[offsetX] = character;
                const characterWidth = widths[c];
                if (characterWidth > 1) {
                    for (let index = 1; index < characterWidth; index++) {
                        currentLine[offsetX + index] = {
                            type: 'char',
                            value: '',
                            fullWidth: false,
                            styles: character.styles,
                        };
                    }
                }
                offsetX += characterWidth;
            }
            if (characters.length > 0 && offsetX > end) {
                end = offsetX;
            }
        }
        return end === 0 ? '' : rowToString(currentLine, end).trimEnd();
    }
    getCharWidths(line, characters) {
        let cached = this.charWidths.get(line);
        if (cached === undefined) {
            cached = characters.map(character => Math.max(1, this.getStringWidth(character.value)));
            this.charWidths.set(line, cached);
        }
        return cached;
    }
    getStringWidth(text) {`,
};

// Ink squashes every text node of every frame into one string and strips the escape codes it does
// not allow from it (sanitize-ansi: the whole text tokenized whenever it holds an escape, which every
// coloured text does), although the texts of a frame are nearly all the texts of the frame before.
// The result is a pure function of the text: it is kept across frames (bounded; cleared whole when full).
export const inkSanitizedTextsKept = {
  name: "ink-sanitized-texts-kept",
  file: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
  from: "const sanitizeAnsi = (text) => {",
  to: "const sanitizeAnsiOnce = (text) => {",
  append: `
const sanitizedTexts = new Map();
function sanitizeAnsi(text) {
    let sanitized = sanitizedTexts.get(text);
    if (sanitized === undefined) {
        if (sanitizedTexts.size > ${INK_FRAME_CACHE_LIMIT}) sanitizedTexts.clear();
        sanitized = sanitizeAnsiOnce(text);
        sanitizedTexts.set(text, sanitized);
    }
    return sanitized;
}
`,
};

// ansi-tokenize splits every line it tokenizes into grapheme clusters with Intl.Segmenter: the cost of
// each new line of a frame (a key that shows another entry in the detail pane draws forty). In text
// where no code unit joins its neighbours (ASCII without CR, Latin letters, punctuation, arrows, box
// drawing and geometric shapes: no marks, joiners, selectors, jamo, surrogates) every unit is a
// cluster of its own, so the units are the segments; any other text is segmented as before.
// test/app/dependency-patches.test.ts checks the set against Intl.Segmenter and the tokens against the original.
export const ONE_UNIT_GRAPHEMES = "\\x00-\\x0c\\x0e-\\x7e\\u00a0-\\u02ff\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25ff";
export const tokenizeOneUnitGraphemes = {
  name: "tokenize-one-unit-graphemes",
  file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
  from: "    for (const { segment, index } of segmenter.segment(str)) {",
  to: "    for (const { segment, index } of (oneUnitGraphemes.test(str) ? unitSegments(str) : segmenter.segment(str))) {",
  append: `
const oneUnitGraphemes = /^[${ONE_UNIT_GRAPHEMES}]*$/;
function* unitSegments(str) {
    for (let index = 0; index < str.length; index++) yield { segment: str[index], index };
}
`,
};

// string-width works out each grapheme cluster's width afresh (a Unicode-property regex search, the RGI
// emoji regex, the Hangul and trailing-mark walks) for every text Ink measures: each new line of a
// frame, and a detail pane of emoji and CJK draws forty new lines per key, the same few dozen
// clusters over and over. A cluster's width is a pure function of the cluster (for the default
// narrow ambiguous characters, as Ink calls it): each is worked out once and kept (bounded; cleared
// whole when full). test/app/dependency-patches.test.ts measures texts both ways.
export const stringWidthClustersKept = {
  name: "string-width-clusters-kept",
  // Ink's own string-width (8.x), as string-width-narrow-symbols.
  file: /^(?!.*[\\/]wrap-ansi[\\/]).*[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
  from: `	for (const {segment} of segmenter.segment(string)) {
		// Zero-width / non-printing clusters
		const visibleSegment = baseVisible(segment);
		if (visibleSegment === undefined) {
			continue;
		}

		// Emoji width logic
		if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {
			width += 2;
			continue;
		}

		const hangulWidth = hangulClusterWidth(visibleSegment, eastAsianWidthOptions);
		if (hangulWidth !== undefined) {
			width += hangulWidth;
			continue;
		}

		// Everything else: EAW of the cluster’s first visible scalar
		const codePoint = visibleSegment.codePointAt(0);
		width += eastAsianWidth(codePoint, eastAsianWidthOptions);

		// Add width for trailing spacing marks and Halfwidth/Fullwidth Forms (e.g., ﾞ, ﾟ, ｰ)
		width += trailingWidth(visibleSegment, eastAsianWidthOptions);
	}

	return width;
}`,
  to: `	for (const {segment} of segmenter.segment(string)) {
		let segmentWidth = ambiguousIsNarrow ? narrowClusterWidths.get(segment) : undefined;
		if (segmentWidth === undefined) {
			segmentWidth = clusterWidthOnce(segment, eastAsianWidthOptions);
			if (ambiguousIsNarrow) {
				if (narrowClusterWidths.size > ${INK_FRAME_CACHE_LIMIT}) narrowClusterWidths.clear();
				narrowClusterWidths.set(segment, segmentWidth);
			}
		}
		width += segmentWidth;
	}

	return width;
}`,
  append: `
const narrowClusterWidths = new Map();
function clusterWidthOnce(segment, eastAsianWidthOptions) {
	// Zero-width / non-printing clusters
	const visibleSegment = baseVisible(segment);
	if (visibleSegment === undefined) {
		return 0;
	}

	// Emoji width logic
	if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {
		return 2;
	}

	const hangulWidth = hangulClusterWidth(visibleSegment, eastAsianWidthOptions);
	if (hangulWidth !== undefined) {
		return hangulWidth;
	}

	// Everything else: EAW of the cluster’s first visible scalar, plus trailing spacing marks and Halfwidth/Fullwidth Forms
	const codePoint = visibleSegment.codePointAt(0);
	return eastAsianWidth(codePoint, eastAsianWidthOptions) + trailingWidth(visibleSegment, eastAsianWidthOptions);
}
`,
};

// ansi-tokenize gives every character of a line its own copy of the styles in force (an array per
// character, forty lines of them per detail pane key), although a run of characters between two codes
// has the same styles. The characters of a run share one copy: no code reads a styles array but to
// copy, filter or compare it (ansi-tokenize's diff and undo, Ink's Output), and equal runs then
// compare by identity in Ink's row text. test/app/dependency-patches.test.ts checks the characters
// and their text against the original.
export const styledCharsShareStyles = {
  name: "styled-chars-share-styles",
  file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
  from: `export function styledCharsFromTokens(tokens) {
    let codes = [];
    const ret = [];
    for (const token of tokens) {
        if (token.type === "ansi") {
            codes = reduceAnsiCodesIncremental(codes, [token]);
        }
        else if (token.type === "char") {
            ret.push({
                ...token,
                styles: [...codes],
            });
        }
    }
    return ret;
}`,
  to: `export function styledCharsFromTokens(tokens) {
    let codes = [];
    const ret = [];
    // (reduceAnsiCodesIncremental returns a new array for every code: the same array means the same run)
    let stylesOf;
    let styles;
    for (const token of tokens) {
        if (token.type === "ansi") {
            codes = reduceAnsiCodesIncremental(codes, [token]);
        }
        else if (token.type === "char") {
            if (codes !== stylesOf) {
                stylesOf = codes;
                styles = [...codes];
            }
            ret.push({
                ...token,
                styles,
            });
        }
    }
    return ret;
}`,
};

/** Every patch, in the order the bundler applies them. */
export const DEPENDENCY_PATCHES = [
  packageJsonFromBundle,
  yogaWithoutFetch,
  inkUnnamedCtrlKey,
  stringWidthNarrowSymbols,
  stringWidthClustersKept,
  styledCharsSameStyle,
  styledCharsShareStyles,
  tokenizeOneUnitGraphemes,
  inkOutputCachesAcrossFrames,
  inkFrameGridShared,
  inkCharWidthsKept,
  inkSanitizedTextsKept,
  inkWidestLineAcrossFrames,
  inkTruncateToWidth,
  inkLateWindowDraws,
  inkLastRenderAt,
  inkNoWriteFreesFrame,
];
