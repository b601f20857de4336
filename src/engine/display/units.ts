// Ages and file sizes as both front ends show them (picker rows, `list` output), so the app and the
// CLI never disagree about how old or how large a session is.

const MINUTE = 60_000;

/** pi's formatSessionDate: "now", "5m", "2h", "3d", "2w", "1mo", "1y" (floor division; future or invalid dates are "now"). */
export function formatAge(modified: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - modified.getTime()) / MINUTE);
  if (!Number.isFinite(minutes) || minutes < 1) return "now";
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** "long": "512 B", "4.2 KB", "151 KB" for text columns; "short": "512B", "4.2K", "13M" where a row has little room. */
export type ByteStyle = "long" | "short";

const UNITS: Record<ByteStyle, readonly string[]> = { long: ["B", "KB", "MB", "GB", "TB"], short: ["B", "K", "M", "G", "T"] };

/** A file size in binary units, one decimal below 10, whole numbers above. */
export function formatBytes(bytes: number, style: ByteStyle = "long"): string {
  const units = UNITS[style];
  const gap = style === "long" ? " " : "";
  if (bytes < 1024) return `${bytes}${gap}${units[0]}`;
  let value = bytes / 1024;
  let unit = 1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)}${gap}${units[unit]}`;
}

/**
 * 48211 -> "48,211", as en-US groups digits. Integers are grouped by hand: the first toLocaleString
 * call builds ICU's number formatter, a few milliseconds of the app's first frame.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** English plural of a noun phrase's last word: entry -> entries, branch -> branches, line -> lines. */
function pluralOf(singular: string): string {
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

/** "1 message", "2 messages", "1,024 entries": a grouped count and its noun in the right number. */
export function countNoun(n: number, singular: string, plural: string = pluralOf(singular)): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
