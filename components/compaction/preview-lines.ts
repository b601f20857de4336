// The preview's header as toned lines: settings in force (and where each came from), tokens before
// and after, pi's auto-compact verdict, why the cut fell where it did, and the warnings pi never
// shows. Pure, so the view stays dumb and tests can read the words without rendering.
import { formatCount, type CompactionPreview } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth, wrapText } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";
import type { SettingsInForce, SourcedValue } from "./preview-settings.js";

const c = (text: string, tone: Cell["tone"] = "plain", bold?: boolean): Cell => ({ text, tone, bold });

function setting(name: string, v: SourcedValue, keys: string): Cell[] {
  return [c(`${name} `, "muted"), c(formatCount(v.value), v.source === "adjusted" ? "warning" : "plain", true), c(` (${v.source}) `, "muted"), c(keys, "accent"), c("  ")];
}

/** Full setting names need about 120 columns; narrower terminals get short ones. */
const WIDE_SETTINGS_COLUMNS = 124;

export function settingsLine(s: SettingsInForce, profile: string, width = WIDE_SETTINGS_COLUMNS): Cell[] {
  const wide = width >= WIDE_SETTINGS_COLUMNS;
  return [
    ...setting(wide ? "keepRecentTokens" : "keep", s.keepRecentTokens, "[ ]"),
    ...setting(wide ? "reserveTokens" : "reserve", s.reserveTokens, "{ }"),
    ...setting(wide ? "context window" : "window", s.contextWindow, "< >"),
    c("pi ", "muted"),
    c(profile, "plain", true),
    c(" p", "accent"),
  ];
}

/**
 * The one "context now" figure (pi's count, which a compaction stores as tokensBefore, and the tree's
 * status line shows at the leaf), where it comes from, and the estimate after the compaction.
 */
export function tokensLine(p: CompactionPreview, pending = false): Cell[] {
  const now = p.contextNow;
  const source =
    now.lastUsageIndex === null
      ? " (estimated: no reply with usage yet; pi's tokensBefore)"
      : now.trailingTokens > 0
        ? ` (last reply's usage ${formatCount(now.usageTokens)} + ~${formatCount(now.trailingTokens)} after it; pi's tokensBefore)`
        : " (the last reply's usage; pi's tokensBefore)";
  const before = [c("context now ", "muted"), c(`${now.lastUsageIndex === null ? "~" : ""}${formatCount(p.tokensBefore)}`, "plain", true), c(source, "muted")];
  if (pending) return [...before, c(" → after … (compiling the summary)", "muted")];
  if (!p.outcome) return [...before, c("  → no compaction", "muted")];
  const after = p.outcome.tokensAfter;
  const cut = p.tokensBefore - after;
  const percent = p.tokensBefore > 0 ? Math.round((cut / p.tokensBefore) * 100) : 0;
  return [
    ...before,
    c(" → after ~", "muted"),
    c(formatCount(after), "success", true),
    c(" (estimate)", "muted"),
    c(cut >= 0 ? `  (−${formatCount(cut)}, −${percent}%)` : `  (+${formatCount(-cut)}: the summary outweighs what it replaces)`, cut >= 0 ? "success" : "warning"),
    c(`  summary ${formatTokens(p.outcome.summary.tokens)} tokens`, "muted"),
  ];
}

/** pi's own check before the next prompt, naming the figure it compares (not always "context now"). */
export function autoCompactLine(p: CompactionPreview): Cell[] {
  const a = p.autoCompact;
  // pi's usual check reads the last reply's usage alone (no estimate of what follows it).
  const counted = a.counted === "last-reply-usage" ? "last reply's usage: " : a.counted === "context-estimate" ? "context estimate: " : "";
  return [c("auto-compact now: ", "muted"), c(a.wouldCompact ? "yes" : "no", a.wouldCompact ? "warning" : "plain", true), c(` — ${counted}${a.reason}`, "muted")];
}

/** "Why" wrapped to at most `maxLines` lines (the last cut with "…"). */
export function whyLines(p: CompactionPreview, width: number, maxLines: number): Cell[][] {
  const wrapped = wrapText(`Why: ${sanitizeInline(p.why)}`, Math.max(10, width));
  const shown = wrapped.slice(0, maxLines);
  if (wrapped.length > maxLines && shown.length > 0) shown[shown.length - 1] = truncateToWidth(`${shown[shown.length - 1]} …`, width);
  return shown.map((line) => [c(line)]);
}

/** Each warning wrapped to at most two lines, so none is lost to the width. */
export function warningLines(p: CompactionPreview, problems: readonly string[], width: number): Cell[][] {
  const texts = [...p.warnings.map((w) => w.message), ...problems.map((x) => `settings: ${x}`)];
  return texts.flatMap((t) => {
    const wrapped = wrapText(`⚠ ${sanitizeInline(t)}`, Math.max(10, width - 2));
    const shown = wrapped.slice(0, 2).map((line, i) => (i === 0 ? line : `  ${line}`));
    if (wrapped.length > 2) shown[1] = truncateToWidth(`${shown[1]} …`, width);
    return shown.map((line) => [c(line, "warning")]);
  });
}
