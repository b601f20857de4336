// A line of one cell is drawn as one Text (components/kit/Cells.tsx), a line of several as Texts in a
// Text: the terminal gets the same codes either way, in colour and under NO_COLOR. (The tests' chalk
// writes no colours without a terminal: FORCE_COLOR is set before Ink and chalk load, so the codes
// are compared too.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Cell, Tone } from "../../components/kit/cell.js";

const forced = process.env.FORCE_COLOR;
process.env.FORCE_COLOR = "3";
const { Text } = await import("ink");
const { Cells } = await import("../../components/kit/Cells.js");
const { themeFor } = await import("../../components/kit/theme.js");
const { TestAppContext, TEST_ENV } = await import("../support/app-context.js");
const { cleanupInk, renderInk } = await import("../support/ink-kit.js");

const TONES: Tone[] = ["accent", "success", "muted", "dim", "error", "warning", "custom", "border", "plain"];

describe("Cells: a one-cell line draws as the same line in a Text of its own", () => {
  beforeAll(() => {
    expect(process.env.FORCE_COLOR).toBe("3");
  });
  afterAll(() => {
    if (forced === undefined) delete process.env.FORCE_COLOR;
    else process.env.FORCE_COLOR = forced;
  });
  afterEach(cleanupInk);

  it("writes the codes of the Text-in-a-Text line, for every tone, bold, italic and hit, with colours and without", async () => {
    for (const env of [{}, { NO_COLOR: "1" }]) {
      const theme = themeFor(env);
      for (const tone of TONES) {
        for (const extra of [{}, { bold: true }, { italic: true }, { hit: true }, { bold: true, hit: true }]) {
          const cell: Cell = { text: "a 日本 😀 line", tone, ...extra };
          const one = await renderInk(
            <TestAppContext env={{ ...TEST_ENV, env }}>
              <Cells cells={[cell]} />
            </TestAppContext>,
            { columns: 30, rows: 3 },
          );
          const nested = await renderInk(
            <Text wrap="truncate">
              <Text {...(cell.hit ? theme.hit : theme.tone(cell.tone))} {...(cell.bold ? theme.title : undefined)} italic={cell.italic}>
                {cell.text}
              </Text>
            </Text>,
            { columns: 30, rows: 3 },
          );
          expect(one.rawFrame(), JSON.stringify({ env, cell })).toBe(nested.rawFrame());
          if (tone === "accent" && env.NO_COLOR === undefined) expect(one.rawFrame()).toContain("\x1b[");
          cleanupInk();
        }
      }
    }
  });
});
