// One theme (components/kit/theme.ts) every colour comes from, NO_COLOR honoured there; and the lint
// rule (eslint.config.js) that keeps colour names, dim, bold and inverse out of the views.
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { COLOUR_THEME, themeFor, type TextStyle, type Theme } from "../../components/kit/theme.js";
import type { Tone } from "../../components/kit/cell.js";
import { PROJECT_ROOT } from "../support/shared.js";

const TONES: Tone[] = ["accent", "success", "muted", "dim", "error", "warning", "custom", "border", "plain"];
const NAMED: (keyof Theme)[] = ["accent", "success", "warning", "error", "muted", "dim", "title", "heading", "named", "selected", "match", "cursor", "hit", "plain"];

const stylesOf = (theme: Theme): TextStyle[] => [...NAMED.map((name) => theme[name] as TextStyle), ...TONES.map((tone) => theme.tone(tone))];

describe("the theme", () => {
  it("NO_COLOR (any non-empty value) turns every colour off, keeping the cursor's inverse and the cursor row's bold", () => {
    for (const value of ["1", "true", "0", "no"]) {
      const theme = themeFor({ NO_COLOR: value });
      expect(theme.colors).toBe(false);
      for (const style of stylesOf(theme)) {
        expect(style.color).toBeUndefined();
        expect(style.backgroundColor).toBeUndefined();
      }
      expect(theme.borderColor).toBeUndefined();
      expect(theme.mutedBorderColor).toBeUndefined();
      expect(theme.cursor.inverse).toBe(true);
      expect(theme.selected.bold).toBe(true);
      // A find hit stays visible without its yellow background; errors and warnings keep their weight.
      expect(theme.hit.inverse).toBe(true);
      expect(theme.error.bold).toBe(true);
      expect(theme.warning.bold).toBe(true);
      expect(theme.muted.dimColor).toBe(true);
    }
  });

  it("an empty or missing NO_COLOR keeps the colours", () => {
    for (const env of [{}, { NO_COLOR: "" }, { NO_COLOR: undefined }]) {
      const theme = themeFor(env);
      expect(theme).toBe(COLOUR_THEME);
      expect(theme.accent.color).toBe("cyan");
      expect(theme.tone("error").color).toBe("red");
      expect(theme.hit).toEqual({ color: "black", backgroundColor: "yellow" });
    }
  });
});

describe("the lint rule against colours outside the theme", () => {
  const eslint = new ESLint({ cwd: PROJECT_ROOT });
  const lint = async (code: string, file = "components/tree/Example.tsx") => {
    const [result] = await eslint.lintText(code, { filePath: join(PROJECT_ROOT, file) });
    return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line);
  };

  it("fails a view with a colour name, a colour object, or its own bold, dim or inverse", { timeout: 60_000 }, async () => {
    const code = [
      'import { Box, Text } from "ink";',
      'export const A = () => <Text color="red">a</Text>;',
      'export const B = (p: { on: boolean }) => <Text color={p.on ? "cyan" : undefined}>b</Text>;',
      "export const C = () => <Text bold dimColor inverse>c</Text>;",
      'export const D = { color: "yellow" };',
      'export const E = () => <Box borderColor="gray" />;',
      'export const F = "magenta";',
    ].join("\n");
    const lines = await lint(code);
    for (const line of [2, 3, 4, 5, 6, 7]) expect(lines).toContain(line);
  });

  it("fails a view's props that thread env, home or the screen size instead of the app context", { timeout: 60_000 }, async () => {
    const code = [
      "export interface ExampleProps {",
      "  env: { cwd: string };",
      "  home?: string;",
      "  columns: number;",
      "  rows: number;",
      "  width: number;",
      "  items: readonly string[];",
      "}",
    ].join("\n");
    expect(await lint(code)).toEqual([2, 3, 4, 5]);
  });

  it("passes a view that spreads the theme's styles, and the theme module itself", { timeout: 60_000 }, async () => {
    const view = [
      'import { Box, Text } from "ink";',
      'import { useTheme } from "../kit/app-context.js";',
      "export function A(p: { on: boolean }) {",
      "  const theme = useTheme();",
      "  return <Box borderColor={theme.borderColor}><Text {...(p.on ? theme.accent : theme.muted)} wrap=\"truncate\">a</Text></Box>;",
      "}",
    ].join("\n");
    expect(await lint(view)).toEqual([]);
    expect(await lint('export const T = { accent: { color: "cyan" } };', "components/kit/theme.ts")).toEqual([]);
  });
});
