// The cache's tables read for a search (recall-index-reader.ts), each question one statement,
// prepared once per connection.
import type { CallLookup } from "./recall-cache-segment.js";
import { CALL_PATHS_SQL, callLookup, hasStagedPostings, TERM_IN_USE, termRowsSql } from "./recall-cache-schema.js";
import type { DocRow, IndexReader, SegmentDocs, SegmentLengths, TermRow } from "./recall-index-reader.js";
import type { SqliteDb, SqliteStatement } from "./sqlite.js";

const DOC_COLUMNS = "d.id, d.file_id, d.entry_id, d.ref, d.role, d.tools, d.is_error, d.off, d.len, f.path, f.session_id, f.appendable";
const DOC_FROM = "docs d JOIN files f ON f.id = d.file_id";

export class SqlIndexReader implements IndexReader {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(private readonly db: SqliteDb) {}

  private stmt(sql: string): SqliteStatement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  hasStagedPostings(): boolean {
    return hasStagedPostings({ prepare: (sql) => this.stmt(sql) });
  }

  listedSessions(): number {
    return this.stmt("SELECT count(*) FROM files WHERE listed = 1").value<number>() ?? 0;
  }

  snapshot<T>(work: () => T): T {
    return this.db.snapshot(work);
  }

  version(): string {
    // data_version moves when another connection commits; total_changes when this one writes.
    const row = this.stmt("SELECT (SELECT data_version FROM pragma_data_version()) AS other, total_changes() AS own").get<{ other: number; own: number }>();
    return `${row?.other}:${row?.own}`;
  }

  maxDoc(): number {
    return this.stmt("SELECT coalesce(max(id), 0) FROM docs").value<number>() ?? 0;
  }

  totals(): { n: number; tokens: number } {
    return this.stmt("SELECT coalesce(sum(doc_count), 0) AS n, coalesce(sum(token_count), 0) AS tokens FROM files").get<{ n: number; tokens: number }>()!;
  }

  segments(): SegmentLengths[] {
    return this.stmt("SELECT s.first_doc AS first, s.lengths AS lengths, f.path AS path FROM segs s JOIN files f ON f.id = s.file_id").all<SegmentLengths>();
  }

  doc(id: number): DocRow | undefined {
    return this.stmt(`SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE d.id = ?`).get<DocRow>(id);
  }

  calls(fileId: number): CallLookup {
    return callLookup(this.stmt(CALL_PATHS_SQL), fileId);
  }

  termRows(term: string, withPositions: boolean): TermRow[] {
    return this.stmt(termRowsSql(withPositions ? "df, data, pos" : "df, data")).all<TermRow>(term);
  }

  termInUse(term: string): boolean {
    return this.stmt(`SELECT 1 FROM terms t WHERE term = ? AND ${TERM_IN_USE}`).get(term) !== undefined;
  }

  termsInUse(from: string, to: string, limit: number): string[] {
    return this.stmt(`SELECT term FROM terms t WHERE term >= ? AND term < ? AND ${TERM_IN_USE} ORDER BY term LIMIT ?`).values<string>(from, to, limit);
  }

  storedTerms(from: string, to: string): string[] {
    return this.stmt("SELECT term FROM terms WHERE term >= ? AND term < ?").values<string>(from, to);
  }

  storedTermsAt(pairs: readonly [string, string], min: number, max: number): string[] {
    return this.stmt("SELECT term FROM terms WHERE substr(term, 2, 2) IN (?, ?) AND length(term) BETWEEN ? AND ?").values<string>(pairs[0], pairs[1], min, max);
  }

  documentFrequency(term: string): number {
    return Number(this.stmt(`SELECT sum(df) FROM (${termRowsSql("df")})`).value(term) ?? 0);
  }

  toolSegments(tool: string): SegmentDocs[] {
    return this.stmt("SELECT first_doc, docs FROM seg_tools WHERE tool = ?").all<SegmentDocs>(tool);
  }

  pathSegments(rpath: string): SegmentDocs[] {
    return this.stmt("SELECT first_doc, docs FROM seg_paths WHERE rpath = ? OR (rpath >= ? AND rpath < ?)").all<SegmentDocs>(rpath, `${rpath}/`, `${rpath}0`);
  }

  docIds(roles: readonly number[] | null): number[] {
    if (!roles) return this.stmt("SELECT id FROM docs").values<number>();
    return this.stmt(`SELECT id FROM docs WHERE role IN (${roles.map(() => "?").join(", ")})`).values<number>(...roles);
  }

  docsInOrder(roles: readonly number[], tools: readonly string[]): DocRow[] {
    const parts: string[] = [];
    if (roles.length) parts.push(`d.role IN (${roles.map(() => "?").join(", ")})`);
    if (tools.length) parts.push(`(${tools.map(() => "instr(d.tools, ?) > 0").join(" OR ")})`);
    const where = parts.map((p) => ` AND ${p}`).join("");
    return this.stmt(`SELECT ${DOC_COLUMNS} FROM ${DOC_FROM} WHERE 1${where} ORDER BY f.path, d.id`).all<DocRow>(...roles, ...tools.map((t) => `|${t}|`));
  }

  indexedBytes(path: string): number {
    return this.stmt("SELECT offset FROM files WHERE path = ?").value<number>(path) ?? 0;
  }
}
