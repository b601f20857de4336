// Search over picker sessions. The query syntax and the tiers follow pi 1.6's /resume
// (a literal hit in the name beats a literal hit in id, messages or cwd, which beats a scattered
// hit); the scattered tier uses fuse.js over name, first message and project path.
import Fuse from "fuse.js";
import type { SessionInfo } from "../../src/engine/index.js";
import type { ContentHit } from "./content-search.js";
import { parseSearchQuery, type ParsedQuery, type QueryToken } from "./search-query.js";

const TIER_NAME = 0;
const TIER_TEXT = 1;
const TIER_FUZZY = 2;
/** Within-tier scores stay below 1, so a better tier always wins. */
const TIER_WEIGHT = 1000;

export interface RankedSession {
  session: SessionInfo;
  /** Lower is better. */
  score: number;
  /** The content search's best hit in this session, when it has one. */
  hit?: ContentHit;
}

/** Lower-cased texts per session: allMessagesText can be megabytes, so do it once, not per key. */
interface LowerTexts {
  name: string;
  id: string;
  messages: string;
  cwd: string;
  normalizedMessages?: string;
}
const lowerCache = new WeakMap<SessionInfo, LowerTexts>();

function lowerTexts(session: SessionInfo): LowerTexts {
  let cached = lowerCache.get(session);
  if (!cached) {
    cached = {
      name: session.name?.toLowerCase() ?? "",
      id: session.id.toLowerCase(),
      messages: `${session.firstMessage}\n${session.allMessagesText}`.toLowerCase(),
      cwd: session.cwd.toLowerCase(),
    };
    lowerCache.set(session, cached);
  }
  return cached;
}

const normalizeSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** One fuse index per session list, and the results of each fuzzy word typed so far. */
interface FuzzyIndex {
  fuse: Fuse<SessionInfo>;
  byWord: Map<string, Map<SessionInfo, number>>;
}
const fuzzyCache = new WeakMap<readonly SessionInfo[], FuzzyIndex>();

function fuzzyScores(sessions: readonly SessionInfo[], word: string): Map<SessionInfo, number> {
  let index = fuzzyCache.get(sessions);
  if (!index) {
    const fuse = new Fuse(sessions as SessionInfo[], {
      keys: ["name", "firstMessage", "cwd"],
      includeScore: true,
      ignoreLocation: true,
      threshold: 0.4,
    });
    index = { fuse, byWord: new Map() };
    fuzzyCache.set(sessions, index);
  }
  let scores = index.byWord.get(word);
  if (!scores) {
    scores = new Map();
    for (const hit of index.fuse.search(word)) scores.set(hit.item, Math.min(hit.score ?? 0, 0.999));
    index.byWord.set(word, scores);
  }
  return scores;
}

function literalScore(texts: LowerTexts, value: string): number | undefined {
  const at = texts.name.indexOf(value);
  if (at >= 0) return TIER_NAME * TIER_WEIGHT + at / (texts.name.length + 1);
  if (texts.id.includes(value) || texts.messages.includes(value) || texts.cwd.includes(value)) return TIER_TEXT * TIER_WEIGHT;
  return undefined;
}

function phraseScore(texts: LowerTexts, phrase: string): number | undefined {
  const name = normalizeSpace(texts.name);
  const at = name.indexOf(phrase);
  if (at >= 0) return TIER_NAME * TIER_WEIGHT + at / (name.length + 1);
  texts.normalizedMessages ??= normalizeSpace(texts.messages);
  if (texts.id.includes(phrase) || texts.normalizedMessages.includes(phrase) || normalizeSpace(texts.cwd).includes(phrase)) {
    return TIER_TEXT * TIER_WEIGHT;
  }
  return undefined;
}

function tokenScore(pool: readonly SessionInfo[], session: SessionInfo, token: QueryToken): number | undefined {
  const texts = lowerTexts(session);
  if (token.kind === "phrase") {
    const phrase = normalizeSpace(token.value.toLowerCase());
    return phrase ? phraseScore(texts, phrase) : 0;
  }
  const literal = literalScore(texts, token.value.toLowerCase());
  if (literal !== undefined) return literal;
  const fuzzy = fuzzyScores(pool, token.value).get(session);
  return fuzzy === undefined ? undefined : TIER_FUZZY * TIER_WEIGHT + fuzzy;
}

function regexScore(session: SessionInfo, regex: RegExp): number | undefined {
  if (session.name && regex.test(session.name)) return TIER_NAME * TIER_WEIGHT;
  if (regex.test(session.id) || regex.test(session.firstMessage) || regex.test(session.allMessagesText) || regex.test(session.cwd)) {
    return TIER_TEXT * TIER_WEIGHT;
  }
  return undefined;
}

/** The score of a session for a parsed query, or undefined when it does not match. */
function scoreSession(pool: readonly SessionInfo[], session: SessionInfo, parsed: ParsedQuery): number | undefined {
  if (parsed.mode === "regex") return parsed.regex ? regexScore(session, parsed.regex) : undefined;
  let total = 0;
  for (const token of parsed.tokens) {
    const score = tokenScore(pool, session, token);
    if (score === undefined) return undefined;
    total += score;
  }
  return total;
}

/**
 * Sessions of `pool` (in its order) that match `query`, each with its score.
 * `pool` should be a stable array (the fuse index is cached per array).
 * An invalid regex matches nothing, as in pi.
 */
export function matchSessions(pool: readonly SessionInfo[], query: string): RankedSession[] {
  const parsed = parseSearchQuery(query);
  const ranked: RankedSession[] = [];
  for (const session of pool) {
    const score = scoreSession(pool, session, parsed);
    if (score !== undefined) ranked.push({ session, score });
  }
  return ranked;
}

/** Best score first; ties go to the most recently modified (pi's relevance order). */
export function byRelevance(a: RankedSession, b: RankedSession): number {
  if (a.score !== b.score) return a.score - b.score;
  return b.session.modified.getTime() - a.session.modified.getTime();
}

/** The error to show for the query (an invalid or empty re: pattern), else undefined. */
export function queryError(query: string): string | undefined {
  const parsed = parseSearchQuery(query);
  return parsed.mode === "regex" ? parsed.error : undefined;
}

/**
 * Name and path matches joined with the content search's hits (what was said in each session,
 * ranked by the index). A hit in a session's name still comes first; among the rest a session the
 * index ranks higher comes before a literal match in the message text the index did not rank, and
 * both come before scattered (fuzzy) matches. A session only the index found joins the list.
 */
export function withContentHits(pool: readonly SessionInfo[], matched: RankedSession[], query: string, hits: ReadonlyMap<string, ContentHit> | undefined): RankedSession[] {
  if (!hits || hits.size === 0) return matched;
  const parsed = parseSearchQuery(query);
  const tokens = parsed.mode === "tokens" ? Math.max(1, parsed.tokens.length) : 1;
  // Below every sum of text-tier token scores, above a name hit in any token.
  const textFloor = tokens * TIER_TEXT * TIER_WEIGHT - TIER_WEIGHT / 2;
  const contentScore = (rank: number): number => textFloor + rank / (hits.size + 1);
  const byPath = new Map(matched.map((r) => [r.session.path, r]));
  const out: RankedSession[] = [];
  for (const session of pool) {
    const hit = hits.get(session.path);
    const known = byPath.get(session.path);
    if (!hit) {
      if (known) out.push(known);
      continue;
    }
    const score = known && known.score < textFloor ? known.score : contentScore(hit.rank);
    out.push({ session, score, hit });
  }
  return out;
}
