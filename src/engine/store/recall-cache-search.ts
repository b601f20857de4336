// Ranked search over the recall index: its own postings (rows of [doc, tf] per term and segment,
// with each doc's length and role from the segments, see recall/cross-postings.ts) ranked with
// typed arrays and a top-k heap; quoted phrases from the words' positions kept beside them
// (recall/cross-phrase.ts). It reads the index through an IndexReader (recall-index-reader.ts):
// the SQLite cache, or an index built in memory where no SQLite driver loads.
import {
  boundedDistance,
  crossRank,
  decodeLengths,
  decodePostings,
  docContent,
  finderFor,
  makeSnippet,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REGEX_BUDGET_MS,
  PREFIX_MIN,
  PREFIX_SCAN,
  prefixTerms,
  reversedPath,
  roleCode,
  ROLE_CODES,
  summaryLine,
  phraseMatches,
  decodePositions,
  tokenize,
  typoBudget,
  type RecallMatcher,
  type RecallQuery,
  type RecallResult,
  type RecallRole,
  type RecallSnippet,
  type WordPostings,
} from "../recall/index.js";
import { DamagedIndexError, Int32Arena } from "../recall/index.js";
import type { SessionEntry } from "../types.js";
import type { CallLookup } from "./recall-cache-prepare.js";
import { readRange } from "./recall-cache-prepare.js";
import { NO_CALLS } from "./recall-cache-segment.js";
import { compareCodePoints, type DocRow, type IndexReader, type SegmentDocs } from "./recall-index-reader.js";
import { decodeTermIds } from "./term-id-list.js";

export interface CrossSessionHit {
  rank: number;
  /** BM25 over all indexed sessions (higher is better); 0 for regex and filter listings. */
  score: number;
  sessionPath: string;
  sessionId: string;
  entryId: string;
  ref: number | null;
  role: RecallRole;
  files: string[];
  summary: string;
  snippet: RecallSnippet | null;
}

export interface CrossSessionPage {
  query: string;
  /** Matches in total; a lower bound when `totalIsLowerBound` (a regex scan stopped early). */
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  hits: CrossSessionHit[];
  corrections: Record<string, string[]>;
  timedOut: boolean;
  sessions: number;
}

export interface CrossSessionSearchOptions {
  page?: number;
  pageSize?: number;
  now?: () => number;
  budgetMs?: number;
  /**
   * Each session's best hit, one hit a session (the picker lists sessions): for words, over every
   * match, the pages then counting sessions, ranked among themselves; for a regular expression or
   * filters alone (listings in file order), each session's first among the page's. Only these hits'
   * lines are read back.
   */
  bestPerSession?: boolean;
}

/** A doc row with its text, and the paths it names, read back (and its score, for ranked words). */
type DocText = DocRow & { text: string; files: string[]; score?: number };
/** A hit's doc row with its text and its rank among all hits. */
type TextRow = DocText & { rank: number };

/** Thrown when postings are staged, not yet where searches read them: an update moves them. */
export class StagedPostingsError extends Error {
  constructor() {
    super("the recall index has postings an update has not moved yet");
    this.name = "StagedPostingsError";
  }
}

/** Thrown when a doc's line is no longer where the index says: the file changed since it was indexed. */
export class StaleIndexError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed since it was indexed`);
    this.name = "StaleIndexError";
  }
}

/**
 * The indexed text of a doc and the paths it names, from its line in the session file (the same
 * cap and rendering as when it was indexed); `calls` finds the paths of the tool call a result
 * answers, as indexing found them.
 */
function readDocContent(
  row: DocRow,
  calls: CallLookup,
  read: (path: string, off: number, len: number) => Uint8Array = (path, off, len) => readRange(path, off, off + len),
): { text: string; files: string[] } {
  let entry: SessionEntry | null = null;
  try {
    entry = JSON.parse(Buffer.from(read(row.path, row.off, row.len)).toString("utf8")) as SessionEntry;
  } catch {
    entry = null;
  }
  // pi's migration gives v1 entries their ids on load; their lines have none.
  const id = (entry as { id?: unknown } | null)?.id;
  if (!entry || typeof entry !== "object" || (id === undefined ? row.appendable === 1 : id !== row.entry_id)) throw new StaleIndexError(row.path);
  const content = docContent(entry, calls);
  if (!content) throw new StaleIndexError(row.path);
  return { text: content.text, files: content.files };
}

/** Each doc's packed length|role + 1, and where it stands among equal scores (session path, then file order); kept while the index is the same. */
interface DocTable {
  /** The index's version it was read at (IndexReader.version). */
  version: string;
  /** Highest doc id when the query began (sizes its per-doc arrays). */
  maxDoc: number;
  lengthRoles: Int32Array;
  tie: (doc: number) => number;
  /** The doc's session (its rank among the session paths). */
  session: (doc: number) => number;
  /** Session paths (sessions are below this). */
  sessions: number;
}

/** Queries over one index. */
export class CrossSessionSearch {
  private docTable: DocTable | null = null;
  /** What a query's phrases decode into (int32-arena.ts). */
  private readonly scratch = new Int32Arena();
  private readonly take = (n: number, zeroed: boolean): Int32Array => this.scratch.take(n, zeroed);

  constructor(private readonly index: IndexReader) {}

  search(q: RecallQuery, opts: CrossSessionSearchOptions): RecallResult<CrossSessionPage> {
    // One state of the index throughout: a commit of another process between reading the docs and
    // reading the postings left postings naming docs the query had not seen, which is damage.
    return this.index.snapshot(() => this.searchNow(q, opts));
  }

  private searchNow(q: RecallQuery, opts: CrossSessionSearchOptions): RecallResult<CrossSessionPage> {
    const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
    const page = Math.floor(opts.page ?? 1);
    if (page < 1) return { ok: false, message: `Page ${opts.page} is outside the available range (pages start at 1).` };
    // An update (maybe another process's, maybe interrupted) has not moved its postings yet.
    if (this.index.hasStagedPostings()) throw new StagedPostingsError();
    const sessions = this.index.listedSessions();
    // Read again once the index changed (by another process too); reading it took a few ms a query on the 1 GB folder.
    const version = this.index.version();
    if (this.docTable?.version !== version) this.docTable = this.loadDocTable(version);
    let rows: TextRow[];
    let total: number;
    let lowerBound = false;
    let timedOut = false;
    let corrections: Record<string, string[]> = {};
    const offset = (page - 1) * pageSize;
    // Listings in file order keep, with bestPerSession, each session's first among the page's (before any text is read).
    const sessionOf = opts.bestPerSession ? this.docTable.session : null;
    /** What the pages count: the matches, or the sessions (each session's best over every match). */
    let counted: number;
    if (q.matcher.kind === "terms") {
      const ranked = this.rankTerms(q.matcher.words, q.matcher.phrases, q, page * pageSize, opts.bestPerSession === true);
      corrections = ranked.corrections;
      total = ranked.total;
      counted = opts.bestPerSession ? ranked.groups : total;
      rows = ranked.top.slice(offset).map((t, i) => ({ ...this.textRow(t.doc, offset + i + 1), score: t.score }));
    } else if (q.matcher.kind === "regex") {
      const scan = this.regexScan(q.matcher, q.filters, this.toolAndFileDocs({ ...q.filters, tools: [] }, this.docTable.maxDoc), page * pageSize, opts);
      timedOut = scan.timedOut;
      total = counted = scan.rows.length;
      lowerBound = scan.more || timedOut;
      rows = withRanks(scan.rows.slice(offset), offset, sessionOf && ((r) => sessionOf(r.id))).map(({ item, rank }) => ({ ...item, rank }));
    } else {
      const ids = this.filteredIds(q);
      total = counted = ids.length;
      rows = withRanks(ids.slice(offset, offset + pageSize), offset, sessionOf).map(({ item, rank }) => this.textRow(item, rank));
    }
    const pageCount = Math.max(1, Math.ceil(counted / pageSize));
    if (page > pageCount && total > 0 && !lowerBound) return { ok: false, message: `Page ${page} is outside the available range 1-${pageCount} (${total} matches).` };
    const hits = rows.map((r) => toHit(r, q.matcher, corrections));
    return { ok: true, value: { query: q.text, total, totalIsLowerBound: lowerBound, page, pageCount, pageSize, hits, corrections, timedOut, sessions } };
  }

  /** Lengths and roles of every doc (from the segments), and the tie order: session path, then doc id (file order within a session). */
  private loadDocTable(version: string): DocTable {
    const maxDoc = this.index.maxDoc();
    const lengthRoles = new Int32Array(maxDoc + 1);
    const rankOfDoc = new Int32Array(maxDoc + 1);
    const segs = this.index.segments();
    // In SQLite's order of TEXT, as the regular expression listing orders sessions (ORDER BY f.path).
    const paths = [...new Set(segs.map((s) => s.path))].sort(compareCodePoints);
    const rankOfPath = new Map(paths.map((p, i) => [p, i]));
    for (const seg of segs) {
      const lengths = decodeLengths(seg.lengths);
      if (seg.first + lengths.length > lengthRoles.length) throw new DamagedIndexError("segment beyond the docs");
      const r = rankOfPath.get(seg.path)!;
      for (let i = 0; i < lengths.length; i++) {
        lengthRoles[seg.first + i] = lengths[i] + 1;
        rankOfDoc[seg.first + i] = r;
      }
    }
    const span = maxDoc + 1;
    return { version, maxDoc, lengthRoles, tie: (doc) => rankOfDoc[doc] * span + doc, session: (doc) => rankOfDoc[doc], sessions: paths.length };
  }

  private docRow(id: number): DocRow {
    const row = this.index.doc(id);
    if (!row) throw new DamagedIndexError(`doc ${id} missing`);
    return row;
  }

  private textRow(id: number, rank: number): TextRow {
    const row = this.docRow(id);
    return { ...row, ...readDocContent(row, this.index.calls(row.file_id)), rank };
  }

  /** A term's rows with the positions of its words (for phrases). */
  private positionedRows(term: string) {
    const { lengthRoles } = this.docTable!;
    const take = this.take;
    return this.index.termRows(term, true).map((r) => {
      const triples = decodePostings(r.data, r.df, lengthRoles, (n) => take(n, false));
      return { triples, positions: (wanted: Int32Array) => decodePositions(r.pos!, triples, wanted, (n) => take(n, false)) };
    });
  }

  private rankTerms(words: string[], phrases: string[][], q: RecallQuery, k: number, bestPerSession: boolean) {
    const corrections: Record<string, string[]> = {};
    const wordPostings: WordPostings[] = words.map((w) => {
      const { variants, corrected } = this.expandWord(w);
      if (corrected) corrections[w] = variants.map((v) => v.term);
      return { variants: variants.map((v) => ({ weight: v.weight, rows: this.index.termRows(v.term, false) })) };
    });
    const { lengthRoles } = this.docTable!;
    this.scratch.reset();
    const phrasePostings = phrases.map((phrase) => phraseMatches(phrase, (term) => this.positionedRows(term), lengthRoles.length, this.take));
    const sums = this.index.totals();
    const { maxDoc } = this.docTable!;
    const outcome = crossRank({
      words: wordPostings,
      phrases: phrasePostings,
      n: sums.n,
      avgLength: sums.n ? sums.tokens / sums.n : 0,
      maxDoc,
      lengthRoles,
      accept: this.filterFor(q, maxDoc),
      k,
      tie: this.docTable!.tie,
      bestOfGroup: bestPerSession ? { groupOf: this.docTable!.session, groups: this.docTable!.sessions } : undefined,
    });
    return { ...outcome, corrections };
  }

  /** The docs a word stands for: itself, longer words it prefixes, or (when neither exists) near spellings. */
  private expandWord(word: string): { variants: { term: string; weight: number }[]; corrected: boolean } {
    const variants: { term: string; weight: number }[] = [];
    if (this.index.termInUse(word)) variants.push({ term: word, weight: 1 });
    if (word.length >= PREFIX_MIN) for (const term of prefixTerms(this.index.termsInUse(word, `${word}\uffff`, PREFIX_SCAN + 1), word)) variants.push({ term, weight: 0.5 });
    if (variants.length) return { variants, corrected: false };
    const typos = this.typoTerms(word);
    return { variants: typos.map((term) => ({ term, weight: 0.4 })), corrected: typos.length > 0 };
  }

  /**
   * Index terms within a small edit distance of `word`, the commonest first among equally near ones
   * ("ommit" is one edit from both "omit" and "commit"; "commit" is the one people write). Candidates: terms with the same first letter (one range of the term index), terms
   * starting with the second letter (a letter too many in front), and terms of a near length whose
   * 2nd-3rd letters are the word's 1st-2nd or 2nd-3rd (a first letter missing or wrong; a scan of
   * the postings, paid only when the word has no exact or prefix match).
   */
  private typoTerms(word: string): string[] {
    const k = typoBudget(word.length);
    if (!k) return [];
    // Candidates among every stored term: whether one is still in use (some postings row has it) is
    // asked only of the few within the distance, by their document frequency (0: out of use).
    const range = (letter: string) => this.index.storedTerms(letter, `${letter}\uffff`);
    const atFirstLetter = this.index.storedTermsAt([word.slice(0, 2), word.slice(1, 3)], word.length - k, word.length + k);
    const candidates = new Set([...range(word[0]), ...range(word[1]), ...atFirstLetter]);
    return [...candidates]
      .map((term) => ({ term, d: boundedDistance(word, term, k) }))
      .filter((x) => x.d <= k)
      .map((x) => ({ ...x, df: this.index.documentFrequency(x.term) }))
      .filter((x) => x.df > 0)
      .sort((a, b) => a.d - b.d || b.df - a.df || (a.term < b.term ? -1 : 1))
      .slice(0, 10)
      .map((x) => x.term);
  }

  /** The role:/tool:/file: filters as a test on a matching doc (tools and files are looked up once). */
  private filterFor(q: RecallQuery, maxDoc: number): (doc: number, role: number) => boolean {
    const { roles } = q.filters;
    const roleOk = new Uint8Array(8).fill(roles.length ? 0 : 1);
    for (const r of roles) roleOk[roleCode(r)] = 1;
    const allowed = this.toolAndFileDocs(q.filters, maxDoc);
    if (!allowed) return (_doc, role) => roleOk[role] === 1;
    return (doc, role) => roleOk[role] === 1 && allowed[doc] === 1;
  }

  /** Docs passing the tool: and file: filters (a doc id -> 1 mask), or null when there are none. */
  private toolAndFileDocs(filters: RecallQuery["filters"], maxDoc: number): Uint8Array | null {
    const { tools, files } = filters;
    if (!tools.length && !files.length) return null;
    const mask = new Uint8Array(maxDoc + 1);
    // Each key present adds one vote; a doc passes with a vote from every key.
    const keys = (tools.length ? 1 : 0) + (files.length ? 1 : 0);
    // Rows of segments: the segment's first doc and its docs with the key (indexes in the segment).
    const vote = (rows: readonly SegmentDocs[], seen: Uint8Array): void => {
      for (const row of rows) {
        for (const i of decodeTermIds(row.docs)) {
          const id = row.first_doc + i;
          // Beyond maxDoc: docs another process added since (the mask is sized by the docs seen).
          if (id > maxDoc || seen[id]) continue;
          seen[id] = 1;
          mask[id]++;
        }
      }
    };
    if (tools.length) {
      const seen = new Uint8Array(maxDoc + 1);
      for (const t of tools) vote(this.index.toolSegments(t), seen);
    }
    if (files.length) {
      const seen = new Uint8Array(maxDoc + 1);
      for (const f of files) vote(this.index.pathSegments(reversedPath(f)), seen);
    }
    for (let i = 0; i < mask.length; i++) mask[i] = mask[i] === keys ? 1 : 0;
    return mask;
  }

  /** Docs passing the filters alone, by session path and then file order (a listing without words). */
  private filteredIds(q: RecallQuery): number[] {
    const { maxDoc } = this.docTable!;
    const { roles } = q.filters;
    const byRole = roles.length ? this.index.docIds(roles.map(roleCode)) : null;
    const allowed = this.toolAndFileDocs(q.filters, maxDoc);
    let out: number[];
    if (!allowed) out = byRole ?? this.index.docIds(null);
    else if (byRole) out = byRole.filter((id) => allowed[id]);
    else {
      out = [];
      for (let id = 0; id < allowed.length; id++) if (allowed[id]) out.push(id);
    }
    const { tie } = this.docTable!;
    return out.sort((a, b) => tie(a) - tie(b));
  }

  /** Docs whose text matches, by session path and file order; each session file is read once, from the start. */
  private regexScan(
    matcher: Extract<RecallMatcher, { kind: "regex" }>,
    filters: RecallQuery["filters"],
    /** Docs passing the file: filter (null: no such filter). */
    byFile: Uint8Array | null,
    want: number,
    opts: CrossSessionSearchOptions,
  ): { rows: DocText[]; more: boolean; timedOut: boolean } {
    const now = opts.now ?? (() => 0);
    const deadline = now() + (opts.budgetMs ?? DEFAULT_REGEX_BUDGET_MS);
    const finder = finderFor(matcher, new Set());
    const rows: DocText[] = [];
    let file: { path: string; bytes: Uint8Array } | null = null;
    const read = (path: string, off: number, len: number): Uint8Array => {
      if (file?.path !== path) file = { path, bytes: readRange(path, 0, this.index.indexedBytes(path)) };
      return file.bytes.subarray(off, off + len);
    };
    for (const row of this.index.docsInOrder(filters.roles.map(roleCode), filters.tools)) {
      if (byFile && byFile[row.id] !== 1) continue;
      if (now() > deadline) return { rows, more: true, timedOut: true };
      // The text matched does not depend on a call's paths: only a row kept reads them.
      const content = readDocContent(row, NO_CALLS, read);
      if (finder && finder.first(content.text) >= 0) {
        if (rows.length === want) return { rows, more: true, timedOut: false };
        rows.push({ ...row, ...readDocContent(row, this.index.calls(row.file_id), read) });
      }
    }
    return { rows, more: false, timedOut: false };
  }
}

/** `items` (a page's, ranked from offset + 1) with their ranks; with `sessionOf`, only each session's first. */
function withRanks<T>(items: readonly T[], offset: number, sessionOf: ((item: T) => number) | null): { item: T; rank: number }[] {
  const seen = new Set<number>();
  const out: { item: T; rank: number }[] = [];
  items.forEach((item, i) => {
    if (sessionOf) {
      const session = sessionOf(item);
      if (seen.has(session)) return;
      seen.add(session);
    }
    out.push({ item, rank: offset + i + 1 });
  });
  return out;
}

function toHit(r: TextRow, matcher: RecallMatcher, corrections: Record<string, string[]>): CrossSessionHit {
  const tools = r.tools.split("|").filter(Boolean);
  const role = ROLE_CODES[r.role];
  if (role === undefined) throw new DamagedIndexError(`doc ${r.id} has role ${r.role}`);
  let snippet: RecallSnippet | null = null;
  if (matcher.kind !== "none") {
    const words = matcher.kind === "terms" ? matcher.words.flatMap((w) => corrections[w] ?? [w]) : [];
    const matchTerms = new Set(tokenize(r.text).filter((t) => words.some((w) => t === w || (w.length >= PREFIX_MIN && t.startsWith(w)))));
    const finder = finderFor(matcher, matchTerms);
    snippet = finder ? makeSnippet(r.text, finder) : null;
  }
  return {
    rank: r.rank,
    score: r.score ?? 0,
    sessionPath: r.path,
    sessionId: r.session_id,
    entryId: r.entry_id,
    ref: r.ref,
    role,
    files: r.files,
    summary: summaryLine(role, r.text, r.is_error === 1, tools),
    snippet,
  };
}
