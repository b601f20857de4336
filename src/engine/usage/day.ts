// Calendar days for "per day" figures: the day an entry happened in a time zone the caller names
// (the CLI passes $TZ; undefined means the runtime's own zone). Intl only, no process access.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(key, f);
  }
  return f;
}

// Every zone's offset is a whole number of quarter hours, so one answer serves a quarter hour of times:
// Intl is slow per call, and a session's entries crowd into few quarters.
const QUARTER_HOUR = 900_000;
const dayCaches = new Map<string, Map<number, string>>();

/** YYYY-MM-DD of an epoch-ms time in the zone; null for NaN. */
export function dayOf(time: number, timeZone?: string): string | null {
  if (Number.isNaN(time)) return null;
  const key = timeZone ?? "";
  let cache = dayCaches.get(key);
  if (!cache) dayCaches.set(key, (cache = new Map()));
  const quarter = Math.floor(time / QUARTER_HOUR);
  let day = cache.get(quarter);
  if (day === undefined) {
    const parts = formatter(timeZone).formatToParts(new Date(quarter * QUARTER_HOUR));
    const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? "";
    day = `${get("year")}-${get("month")}-${get("day")}`;
    if (cache.size > 100_000) cache.clear();
    cache.set(quarter, day);
  }
  return day;
}

/** A time zone Intl accepts, else false (a bad $TZ must not crash a report). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "2026-12-01", "20261201" -> "2026-12-01"; null when it is no real date. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}`;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD HH:MM" of an epoch-ms time in the zone; "" for null/NaN. */
export function formatDayTime(time: number | null, timeZone?: string): string {
  if (time === null || Number.isNaN(time)) return "";
  const key = timeZone ?? "";
  let f = timeFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    timeFormatters.set(key, f);
  }
  const parts = f.formatToParts(new Date(time));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}
