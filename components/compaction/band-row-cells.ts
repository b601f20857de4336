// One line of the bands list as toned cells, cut to the width. Session text is sanitized here.
import { countNoun, type SessionEntry } from "../../src/engine/index.js";
import type { Cell, Tone } from "../kit/cell.js";
import { clipInline, inlinePrefix } from "../kit/clip.js";
import { displayWidth, padToWidth, truncateToWidth } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";
import { entryLabel } from "../diff/message-label.js";
import { BAND_TITLE, type BandLine, type BandName } from "./band-lines.js";

const GUTTER: Record<BandName, { text: string; tone: Tone }> = {
  earlier: { text: "    ", tone: "dim" },
  summarized: { text: "sum ", tone: "muted" },
  turnPrefix: { text: "pre ", tone: "warning" },
  kept: { text: "keep", tone: "success" },
  path: { text: "    ", tone: "plain" },
};

export function bandLineCells(line: BandLine, path: readonly SessionEntry[], width: number): Cell[] {
  switch (line.kind) {
    case "earlier":
      return [{ text: truncateToWidth(`  … ${countNoun(line.count, "earlier entry")} outside this compaction (already summarized, or not in context) · ${formatTokens(line.tokens)} tokens`, width), tone: "dim" }];
    case "previousCompaction":
      return [
        {
          text: truncateToWidth(`  ◆ ${clipInline(String(path[line.entryIndex].id), 40)}: the previous compaction; its summary is carried into the new one`, width),
          tone: "custom",
        },
      ];
    case "header":
      return [
        { text: truncateToWidth(`▼ ${BAND_TITLE[line.band]} — ${countNoun(line.count, "entry")}, ${formatTokens(line.tokens)} tokens`, width), tone: GUTTER[line.band].tone, bold: true },
      ];
    case "cut": {
      const where = line.turnStartId ? ` (splits the turn started at ${clipInline(line.turnStartId, 40)})` : "";
      const label = `✂── cut: first kept entry ${clipInline(line.firstKeptId, 40)}${where} `;
      return [{ text: truncateToWidth(label + "─".repeat(Math.max(0, width - displayWidth(label))), width), tone: "accent", bold: true }];
    }
    case "entry": {
      const entry = path[line.entryIndex];
      const { kind, text } = entryLabel(entry);
      const gutter = GUTTER[line.band];
      const tokens = line.tokens > 0 ? formatTokens(line.tokens) : "";
      const head = `${gutter.text} ${padToWidth(inlinePrefix(String(entry.id), 8), 8)} ${padToWidth(kind, 4)} `;
      const textWidth = Math.max(0, width - displayWidth(head) - 7);
      const body = padToWidth(clipInline(text, textWidth), textWidth);
      return [
        { text: gutter.text, tone: gutter.tone },
        { text: head.slice(gutter.text.length), tone: "muted" },
        { text: body, tone: line.band === "summarized" ? "dim" : "plain" },
        { text: tokens.padStart(7), tone: "muted" },
      ];
    }
  }
}
