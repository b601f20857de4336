// Ranked search over the recall index. Ranking does not use FTS5's bm25(): it scores every match,
// and common words match most of a large history (hundreds of ms per query). The index keeps its
// own postings instead (rows of [doc, tf, length|role] per term and segment, see
// recall/cross-postings.ts) ranked with typed arrays and a top-k heap; FTS5 (contentless) only
// answers where quoted phrases occur.
import type Database from "better-sqlite3";
import {
  boundedDistance,
  crossRank,
  finderFor,
  makeSnippet,
  postingsView,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REGEX_BUDGET_MS,
  PREFIX_MIN,
  PREFIX_SCAN,
  prefixTerms,
  reversedPath,
  roleCode,
  summaryLine,
  toFtsPhrase,
  tokenize,
  typoBudget,
  type PhrasePostings,
  type RecallMatcher,
  type RecallQuery,
  type RecallResult,
  type RecallRole,
  type RecallSnippet,
  type WordPostings,
} from "../recall/index.js";

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
}

interface DocRow {
  id: number;
  entry_id: string;
  ref: number | null;
  role: RecallRole;
  tools: string;
  files: string;
  is_error: number;
  path: string;
  session_id: string;
  text: string;
  score?: number;
}

/** Queries over one connection, with the statements they run prepared once. */
export class CrossSessionSearch {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  search(q: RecallQuery, opts: CrossSessionSearchOptions): RecallResult<CrossSessionPage> {
    const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
    const page = Math.floor(opts.page ?? 1);
    if (page < 1) return { ok: false, message: `Page ${opts.page} is outside the available range (pages start at 1).` };
    const sessions = (this.stmt("SELECT count(*) AS n FROM files WHERE listed = 1").get() as { n: number }).n;
    let rows: DocRow[];
    let total: number;
    let lowerBound = false;
    let timedOut = false;
    let corrections: Record<string, string[]> = {};
    const offset = (page - 1) * pageSize;
    if (q.matcher.kind === "terms") {
      const ranked = this.rankTerms(q.matcher.words, q.matcher.phrases, q, page * pageSize);
      corrections = ranked.corrections;
      total = ranked.total;
      rows = ranked.top.slice(offset).map((t) => ({ ...this.docRow(t.doc), score: t.score }));
    } else if (q.matcher.kind === "regex") {
      const { where, params } = filterSql(q);
      const scan = this.regexScan(q.matcher, where, params, page * pageSize, opts);
      timedOut = scan.timedOut;
      total = scan.rows.length;
      lowerBound = scan.more || timedOut;
      rows = scan.rows.slice(offset);
    } else {
      const ids = this.filteredIds(q);
      total = ids.length;
      rows = ids.slice(offset, offset + pageSize).map((id) => this.docRow(id));
    }
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    if (page > pageCount && total > 0 && !lowerBound) return { ok: false, message: `Page ${page} is outside the available range 1-${pageCount} (${total} matches).` };
    const hits = rows.map((r, i) => toHit(r, offset + i + 1, q.matcher, corrections));
    return { ok: true, value: { query: q.text, total, totalIsLowerBound: lowerBound, page, pageCount, pageSize, hits, corrections, timedOut, sessions } };
  }

  /** Statements prepared once per connection (a query runs a handful of them many times). */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /** Highest doc id in the index (sizes per-doc arrays). */
  private maxDoc(): number {
    return (this.stmt("SELECT coalesce(max(id), 0) AS m FROM docs").get() as { m: number }).m;
  }

  private docRow(id: number): DocRow {
    return this.stmt(
      "SELECT d.id, d.entry_id, d.ref, d.role, d.tools, d.files, d.is_error, f.path, f.session_id, t.text FROM docs d JOIN files f ON f.id = d.file_id JOIN texts t ON t.id = d.id WHERE d.id = ?",
    ).get(id) as DocRow;
  }

  /** Every stored row of a term's postings, one per segment. */
  private lists(term: string): Int32Array[] {
    return (this.stmt("SELECT data FROM postings WHERE term = ?").pluck().all(term) as Uint8Array[]).map(postingsView);
  }

  /** Distinct index terms in [from, to), in order, at most `limit`. */
  private termsBetween(from: string, to: string, limit: number): string[] {
    return this.stmt("SELECT DISTINCT term FROM postings WHERE term >= ? AND term < ? ORDER BY term LIMIT ?").pluck().all(from, to, limit) as string[];
  }

  private rankTerms(words: string[], phrases: string[][], q: RecallQuery, k: number) {
    const corrections: Record<string, string[]> = {};
    const wordPostings: WordPostings[] = words.map((w) => {
      const { variants, corrected } = this.expandWord(w);
      if (corrected) corrections[w] = variants.map((v) => v.term);
      return { variants: variants.map((v) => ({ weight: v.weight, lists: this.lists(v.term) })) };
    });
    const phrasePostings: PhrasePostings[] = phrases.map((phrase) => {
      const lists = [...new Set(phrase)].map((t) => this.lists(t));
      if (lists.some((l) => l.length === 0)) return { docs: [], lists: [] };
      const docs = this.stmt("SELECT rowid FROM docs_fts WHERE docs_fts MATCH ?").pluck().all(toFtsPhrase(phrase)) as number[];
      return { docs, lists: lists.flat() };
    });
    const sums = this.stmt("SELECT coalesce(sum(doc_count), 0) AS n, coalesce(sum(token_count), 0) AS tokens FROM files").get() as { n: number; tokens: number };
    const maxDoc = this.maxDoc();
    const outcome = crossRank({
      words: wordPostings,
      phrases: phrasePostings,
      n: sums.n,
      avgLength: sums.n ? sums.tokens / sums.n : 0,
      maxDoc,
      accept: this.filterFor(q, maxDoc),
      k,
    });
    return { ...outcome, corrections };
  }

  /** The docs a word stands for: itself, longer words it prefixes, or (when neither exists) near spellings. */
  private expandWord(word: string): { variants: { term: string; weight: number }[]; corrected: boolean } {
    const variants: { term: string; weight: number }[] = [];
    if (this.stmt("SELECT 1 FROM postings WHERE term = ? LIMIT 1").get(word)) variants.push({ term: word, weight: 1 });
    if (word.length >= PREFIX_MIN) for (const term of prefixTerms(this.termsBetween(word, `${word}\uffff`, PREFIX_SCAN + 1), word)) variants.push({ term, weight: 0.5 });
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
    const range = (letter: string) => this.termsBetween(letter, `${letter}\uffff`, -1);
    const atFirstLetter = this.stmt("SELECT DISTINCT term FROM postings WHERE substr(term, 2, 2) IN (?, ?) AND length(term) BETWEEN ? AND ?")
      .pluck()
      .all(word.slice(0, 2), word.slice(1, 3), word.length - k, word.length + k) as string[];
    const candidates = new Set([...range(word[0]), ...range(word[1]), ...atFirstLetter]);
    const frequency = this.stmt("SELECT SUM(df) FROM postings WHERE term = ?").pluck();
    return [...candidates]
      .map((term) => ({ term, d: boundedDistance(word, term, k) }))
      .filter((x) => x.d <= k)
      .map((x) => ({ ...x, df: Number(frequency.get(x.term) ?? 0) }))
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
    const vote = (ids: Iterable<number>, seen: Uint8Array): void => {
      for (const id of ids) {
        if (seen[id]) continue;
        seen[id] = 1;
        mask[id]++;
      }
    };
    if (tools.length) {
      const seen = new Uint8Array(maxDoc + 1);
      for (const t of tools) vote(this.stmt("SELECT doc_id FROM doc_tools WHERE tool = ?").pluck().iterate(t) as Iterable<number>, seen);
    }
    if (files.length) {
      const seen = new Uint8Array(maxDoc + 1);
      const byPath = this.stmt("SELECT doc_id FROM doc_paths WHERE rpath = ? OR (rpath >= ? AND rpath < ?)").pluck();
      for (const f of files) {
        const r = reversedPath(f);
        vote(byPath.iterate(r, `${r}/`, `${r}0`) as Iterable<number>, seen);
      }
    }
    for (let i = 0; i < mask.length; i++) mask[i] = mask[i] === keys ? 1 : 0;
    return mask;
  }

  /** Docs passing the filters alone, in file order (a listing without words). */
  private filteredIds(q: RecallQuery): number[] {
    const maxDoc = this.maxDoc();
    const { roles } = q.filters;
    const byRole = roles.length
      ? (this.db.prepare(`SELECT id FROM docs WHERE role IN (${roles.map(() => "?").join(", ")}) ORDER BY id`).pluck().all(...roles) as number[])
      : null;
    const allowed = this.toolAndFileDocs(q.filters, maxDoc);
    if (!allowed) return byRole ?? (this.stmt("SELECT id FROM docs ORDER BY id").pluck().all() as number[]);
    const out: number[] = [];
    if (byRole) {
      for (const id of byRole) if (allowed[id]) out.push(id);
    } else for (let id = 0; id < allowed.length; id++) if (allowed[id]) out.push(id);
    return out;
  }

  private regexScan(
    matcher: Extract<RecallMatcher, { kind: "regex" }>,
    where: string,
    params: unknown[],
    want: number,
    opts: CrossSessionSearchOptions,
  ): { rows: DocRow[]; more: boolean; timedOut: boolean } {
    const now = opts.now ?? (() => 0);
    const deadline = now() + (opts.budgetMs ?? DEFAULT_REGEX_BUDGET_MS);
    const finder = finderFor(matcher, new Set());
    const rows: DocRow[] = [];
    const stmt = this.db.prepare(
      `SELECT d.id, d.entry_id, d.ref, d.role, d.tools, d.files, d.is_error, f.path, f.session_id, t.text FROM docs d JOIN files f ON f.id = d.file_id JOIN texts t ON t.id = d.id WHERE 1 ${where} ORDER BY d.id`,
    );
    for (const row of stmt.iterate(...params) as Iterable<DocRow>) {
      if (now() > deadline) return { rows, more: true, timedOut: true };
      if (finder && finder.first(row.text) >= 0) {
        if (rows.length === want) return { rows, more: true, timedOut: false };
        rows.push(row);
      }
    }
    return { rows, more: false, timedOut: false };
  }
}

function filterSql(q: RecallQuery): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const { roles, tools, files } = q.filters;
  if (roles.length) {
    parts.push(`d.role IN (${roles.map(() => "?").join(", ")})`);
    params.push(...roles);
  }
  if (tools.length) {
    parts.push(`(${tools.map(() => "instr(d.tools, ?) > 0").join(" OR ")})`);
    params.push(...tools.map((t) => `|${t}|`));
  }
  if (files.length) {
    parts.push(`d.files != '' AND (${files.map(() => "file_match(d.files, ?)").join(" OR ")})`);
    params.push(...files);
  }
  return { where: parts.map((p) => `AND ${p}`).join(" "), params };
}

function toHit(r: DocRow, rank: number, matcher: RecallMatcher, corrections: Record<string, string[]>): CrossSessionHit {
  const tools = r.tools.split("|").filter(Boolean);
  let snippet: RecallSnippet | null = null;
  if (matcher.kind !== "none") {
    const words = matcher.kind === "terms" ? matcher.words.flatMap((w) => corrections[w] ?? [w]) : [];
    const matchTerms = new Set(tokenize(r.text).filter((t) => words.some((w) => t === w || (w.length >= PREFIX_MIN && t.startsWith(w)))));
    const finder = finderFor(matcher, matchTerms);
    snippet = finder ? makeSnippet(r.text, finder) : null;
  }
  return {
    rank,
    score: r.score ?? 0,
    sessionPath: r.path,
    sessionId: r.session_id,
    entryId: r.entry_id,
    ref: r.ref,
    role: r.role,
    files: r.files ? r.files.split("\n") : [],
    summary: summaryLine(r.role, r.text, r.is_error === 1, tools),
    snippet,
  };
}
