// Words for a line pi cannot parse: what kind of damage it is and which entries pi loses with it.
// Only damaged lines come here, so the extra work (re-parsing parts of the line) costs nothing on
// healthy files. No regex runs over a whole line: huge lines are searched with indexOf only.

/** Shorten untrusted text for a one-line message: no control characters, at most `max` characters. */
export function shortText(value: unknown, max = 40): string {
  const s = typeof value === "string" ? value : typeof value === "object" && value !== null ? "(object)" : String(value);
  // Cut before cleaning: an id can be any (huge) string.
  const head = s.length > max ? s.slice(0, max - 1) : s;
  const clean = head.replace(/[\u0000-\u001f\u007f]/g, " ");
  return s.length > max ? `${clean}…` : clean;
}

/** "message 4eb8aad7" / "label" / "entry" for something that looks like an entry. */
export function nameEntry(value: unknown): string {
  if (typeof value !== "object" || value === null) return "entry";
  const rec = value as Record<string, unknown>;
  const type = typeof rec.type === "string" ? shortText(rec.type, 30) : "entry";
  return typeof rec.id === "string" ? `${type} ${shortText(rec.id)}` : type;
}

const PEEK = 600;

/** type and id of a damaged entry, read from the start of its line without parsing it. */
function peekEntry(line: string): { type?: string; id?: string } {
  const head = line.length > PEEK ? line.slice(0, PEEK) : line;
  return { type: peekString(head, '"type":'), id: peekString(head, '"id":') };
}

function peekString(head: string, key: string): string | undefined {
  const at = head.indexOf(key);
  if (at === -1) return undefined;
  let i = at + key.length;
  while (head.charCodeAt(i) === 32) i++;
  if (head.charCodeAt(i) !== 34) return undefined;
  const end = head.indexOf('"', i + 1);
  if (end === -1) return undefined;
  return head.slice(i + 1, end);
}

/** V8's JSON error, without the snippet of (untrusted, possibly huge) input it sometimes quotes. */
export function jsonErrorReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const pos = / in JSON at position (\d+)/.exec(message);
  if (pos) {
    const what = message.slice(0, pos.index);
    return `${what.charAt(0).toLowerCase()}${what.slice(1)} at column ${Number(pos[1]) + 1}`;
  }
  if (message.startsWith("Unexpected end of JSON input")) return "unexpected end of line";
  if (message.startsWith("Unexpected token")) return "unexpected character";
  return "not JSON";
}

const GLUE = '{"type":';

/** Start offsets of entries glued onto one line (`}{"type":` boundaries); [] when there is only one. */
function gluedStarts(line: string): number[] {
  const starts: number[] = [];
  let at = line.indexOf(GLUE, 1);
  while (at !== -1) {
    let k = at - 1;
    while (k > 0 && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k--;
    if (line.charCodeAt(k) === 125) starts.push(at);
    at = line.indexOf(GLUE, at + GLUE.length);
  }
  if (starts.length === 0) return [];
  return [Math.max(0, line.indexOf("{")), ...starts];
}

export interface LineDamage {
  problem: string;
  /** Ids of entries this line held (as far as they can be read), so orphans can point here. */
  lostIds: string[];
}

/** Describe a line whose JSON.parse failed. */
export function describeUnparsableLine(line: string, error: unknown): LineDamage {
  if (line.charCodeAt(0) === 0xfeff) {
    const inner = tryParse(line.slice(1));
    if (inner.ok) {
      return {
        problem: `starts with a byte-order mark (U+FEFF), so pi 1.6 cannot parse it and drops ${nameEntry(inner.value)}`,
        lostIds: idsOf([inner.value]),
      };
    }
  }
  const starts = gluedStarts(line);
  if (starts.length > 1) {
    const parts: unknown[] = [];
    const names: string[] = [];
    for (let i = 0; i < starts.length; i++) {
      const piece = line.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined);
      const parsed = tryParse(piece);
      const value = parsed.ok ? parsed.value : peekEntry(piece);
      parts.push(value);
      names.push(parsed.ok ? nameEntry(value) : `${nameEntry(value)} (itself damaged)`);
    }
    const shown = names.length > 4 ? [...names.slice(0, 4), `${names.length - 4} more`] : names;
    return {
      problem: `${starts.length} entries glued on one line (${shown.join(", ")}); pi drops the whole line, so all of them are lost`,
      lostIds: idsOf(parts),
    };
  }
  const peek = peekEntry(line);
  const lost = peek.type !== undefined || peek.id !== undefined ? nameEntry(peek) : "its content";
  return {
    problem: `not valid JSON (${jsonErrorReason(error)}); pi drops this line and loses ${lost}`,
    lostIds: peek.id !== undefined ? [peek.id] : [],
  };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function idsOf(values: unknown[]): string[] {
  const ids: string[] = [];
  for (const v of values) {
    if (typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string") ids.push((v as { id: string }).id);
  }
  return ids;
}
