// The preview's header as toned lines: settings in force (and where each came from), tokens before
// and after, pi's auto-compact verdict, why the cut fell where it did, and the warnings pi never
// shows. Pure, so the view stays dumb and tests can read the words without rendering.
import type { CompactionPreview } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth, wrapText } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";
import type { SettingsInForce, SourcedValue } from "./preview-settings.js";

const c = (text: string, tone: Cell["tone"] = "plain", bold?: boolean): Cell => ({ text, tone, bold });
const thousands = (n: number): string => n.toLocaleString("en-US");

function setting(name: string, v: SourcedValue, keys: string): Cell[] {
  return [c(`${name} `, "muted"), c(thousands(v.value), v.source === "adjusted" ? "warning" : "plain", true), c(` (${v.source}) `, "muted"), c(keys, "accent"), c("  ")];
}

export function settingsLine(s: SettingsInForce, profile: string): Cell[] {
  return [
    ...setting("keepRecentTokens", s.keepRecentTokens, "[ ]"),
    ...setting("reserveTokens", s.reserveTokens, "{ }"),
    ...setting("context window", s.contextWindow, "< >"),
    c("pi ", "muted"),
    c(profile, "plain", true),
    c(" p", "accent"),
  ];
}

export function tokensLine(p: CompactionPreview): Cell[] {
  const before = [c("tokens before ", "muted"), c(thousands(p.tokensBefore), "plain", true)];
  if (!p.outcome) return [...before, c("  → no compaction", "muted")];
  const after = p.outcome.tokensAfter;
  const cut = p.tokensBefore - after;
  const percent = p.tokensBefore > 0 ? Math.round((cut / p.tokensBefore) * 100) : 0;
  return [
    ...before,
    c(" → after ", "muted"),
    c(thousands(after), "success", true),
    c(cut >= 0 ? `  (−${thousands(cut)}, −${percent}%)` : `  (+${thousands(-cut)}: the summary outweighs what it replaces)`, cut >= 0 ? "success" : "warning"),
    c(`  summary ${formatTokens(p.outcome.summary.tokens)} tokens`, "muted"),
  ];
}

export function autoCompactLine(p: CompactionPreview): Cell[] {
  const a = p.autoCompact;
  return [c("auto-compact now: ", "muted"), c(a.wouldCompact ? "yes" : "no", a.wouldCompact ? "warning" : "plain", true), c(` — ${a.reason}`, "muted")];
}

/** "Why" wrapped to at most `maxLines` lines (the last cut with "…"). */
export function whyLines(p: CompactionPreview, width: number, maxLines: number): Cell[][] {
  const wrapped = wrapText(`Why: ${sanitizeInline(p.why)}`, Math.max(10, width));
  const shown = wrapped.slice(0, maxLines);
  if (wrapped.length > maxLines && shown.length > 0) shown[shown.length - 1] = truncateToWidth(`${shown[shown.length - 1]} …`, width);
  return shown.map((line) => [c(line)]);
}

export function warningLines(p: CompactionPreview, problems: readonly string[], width: number): Cell[][] {
  const texts = [...p.warnings.map((w) => w.message), ...problems.map((x) => `settings: ${x}`)];
  return texts.map((t) => [c(truncateToWidth(`⚠ ${sanitizeInline(t)}`, width), "warning")]);
}
