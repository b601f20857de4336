// pi's formatSessionDate: the age shown at the right of every picker row.

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** "now", "5m", "2h", "3d", "2w", "1mo", "1y" — exactly pi's thresholds (floor division). */
export function formatAge(modified: Date, now: Date): string {
  const diffMs = now.getTime() - modified.getTime();
  const minutes = Math.floor(diffMs / MINUTE);
  const hours = Math.floor(diffMs / HOUR);
  const days = Math.floor(diffMs / DAY);
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes}m`;
  if (hours < 24) return `${hours}h`;
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}
