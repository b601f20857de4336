// Tree rows are printable ASCII plus a few narrow symbols (connectors, bullets, ellipses, control
// pictures): their width is their length, taken without walking them unit by unit (the tree's first
// frame measures every drawn row), and it is the width Ink's string-width gives them.
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { displayWidth, sliceColumns, truncateToWidth, widthUpTo } from "../../components/kit/text-width.js";
import { resetTextWork, textWork } from "../../components/kit/text-work.js";

const NARROW_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x21ff],
  [0x2400, 0x243f],
  [0x2500, 0x25fc],
];

describe("column arithmetic of tree rows", () => {
  it("measures a row of connectors, bullets and an ellipsis by its length, walking none of it", () => {
    const row = "│  ├─ • [read: ~/tidewatch/models.py] ␛[2J and more…  │  └─ • assistant: Done → next";
    resetTextWork();
    expect(displayWidth(row)).toBe(row.length);
    expect(widthUpTo(row, 20)).toBe(21);
    expect(sliceColumns(row, 3, 4)).toBe("├─ •");
    expect(truncateToWidth(row, 10)).toBe("│  ├─ • […");
    expect(textWork.measured).toBe(0);
  });

  it("gives every such character the one column string-width gives it, alone and after a letter", () => {
    for (const [from, to] of NARROW_RANGES) {
      for (let c = from; c <= to; c++) {
        const ch = String.fromCodePoint(c);
        expect(displayWidth(ch), c.toString(16)).toBe(stringWidth(ch));
        expect(displayWidth(`a${ch}b`), c.toString(16)).toBe(stringWidth(`a${ch}b`));
      }
    }
  });

  it("still walks text with anything else: a combining mark, a wide character, an emoji", () => {
    resetTextWork();
    expect(displayWidth("├─ e\u0301")).toBe(4);
    expect(displayWidth("├─ 表")).toBe(5);
    expect(displayWidth("├─ ⚠️")).toBe(5);
    expect(textWork.measured).toBeGreaterThan(0);
  });
});
