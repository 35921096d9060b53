import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { SEARCH_TEXT_CUT, type SearchTerm } from '@spanhouse/schema';
import { andAll, fromProject } from './project.ts';
import { traceDocumentTime } from './trace-document-time.ts';
import { elementsOf, latest } from './versioned.ts';

/*
 * Full-text search over traces and observation pieces (clickhouse/0040, docs/search.md). Each of
 * the two tables has two text indexes over the same document of a row (its name, input, output
 * and metadata values, as stored):
 *   - the word index: the document (read twice when it holds a backslash, bothReadings) case
 *     folded (ß is ss), accents removed, Chinese and Japanese runs and JSON escapes (\n, \", \u00e9) replaced by spaces, then punctuation and spaces of every script
 *     (’ “ — ¿ ، ...), cut by splitByNonAlpha (ASCII other than letters and digits separates words;
 *     every other character, symbols and emoji included, is part of a word);
 *   - the bigram index: the document's Chinese and Japanese runs only, cut into pairs of
 *     neighbouring characters (ngrams(2)), so a word is found inside a sentence without spaces.
 * The expressions below are the indexes' expressions character for character: a query names
 * them, so the engine answers from the index (and reads no text for a single term). Terms are
 * normalized by the same expressions, applied to the query parameter, so both sides agree on
 * case and accents whatever the client sends.
 *
 * Text that is all ASCII (most of what LLM applications log) takes a shorter branch with the same
 * result: it has no accents, marks or Chinese and Japanese to remove, so only its JSON escapes
 * are replaced and it is lowered byte by byte. Every insert and merge computes these expressions
 * over every text; the long branch alone was half of what building the indexes cost
 * (docs/decisions/0063-search-index-ascii-branch.md).
 */

/** The cut's parts (@spanhouse/schema search-terms.ts, which compiles them for JavaScript) spelled for RE2. */
const { cjkScripts, cjkMarks, jsonEscape: JSON_ESCAPE, combiningMarks: MARKS, punctuation } = SEARCH_TEXT_CUT;

/** The characters of the scripts written without spaces that the bigram index serves (RE2 classes). */
export const CJK_CLASS = cjkScripts.map((s) => `\\p{${s}}`).join('') + cjkMarks;

/** An SQL string literal (backslashes and quotes escaped). */
const sqlString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** What the word index replaces by a space: Chinese and Japanese runs, JSON escapes. */
const WORD_BREAKS = sqlString(`[${CJK_CLASS}]+|${JSON_ESCAPE}`);
const COMBINING_MARKS = sqlString(MARKS);
/** What the word index replaces by a space after WORD_BREAKS: punctuation and spaces of any script. */
const PUNCTUATION = sqlString(punctuation);
/** The kana's combining voiced and semi-voiced sound marks (゛ ゜ written decomposed). */
const [VOICED, SEMI_VOICED] = [sqlString('\u3099'), sqlString('\u309a')];
/** Chinese and Japanese runs, with the kana's combining voiced marks in them (a decomposed kana's). */
const CJK_MARKED_RUNS = sqlString(`[${CJK_CLASS}][${CJK_CLASS}\u3099\u309a]*`);

/** What the word index replaces by a space in ASCII text: JSON escapes (it holds no CJK run). */
const JSON_ESCAPES = sqlString(JSON_ESCAPE);

/** A backslash in the stored JSON text (\\) and the backslash it stands for, as SQL literals. */
const ESCAPED_BACKSLASH = sqlString('\\\\');
const BACKSLASH = sqlString('\\');

/**
 * SQL: the text the word index reads: the stored JSON text, and when it holds an escaped backslash
 * (a backslash of the text as shown, stored as \\), the text once more with those backslashes as
 * shown. The first reading cuts at every backslash shown (`bob` and `notes` in C:\Users\bob\notes.md);
 * the second reads a backslash shown before n, t, b, f, r, u as a typed search reads it, an escape
 * (the search C:\Users\bob\notes.md, cut as c users ob otes md, and `bar` in foo\nbar shown).
 * A search's terms hold no backslash (the term side cuts at them, search-terms.ts), so a term is
 * left as it is. Only text with a backslash shown is read twice; the check is a substring search.
 */
const bothReadings = (text: string) =>
  `if(position(${text}, ${ESCAPED_BACKSLASH}) > 0, concat(${text}, ' ', replaceAll(${text}, ${ESCAPED_BACKSLASH}, ${BACKSLASH})), ${text})`;

/** The Turkish dotless ı, which the word index reads as i (full case folding keeps it: its capital is I). */
const DOTLESS_I = sqlString('ı');

/**
 * SQL: the words of any text, the long way: toValidUTF8 first, since normalizeUTF8NFD throws on
 * invalid UTF-8 and an index expression that throws fails the whole insert. Case is folded, not
 * only lowered (caseFoldUTF8, Unicode's full case folding: ß and ẞ are ss, ς is σ, ﬁ is fi), after
 * NFD dropped the marks (İ is I and a dot above, so i); and ı is i, as a letter without its dot, so
 * that KIRMIZI finds "kırmızı" as CAFE finds "café" (docs/decisions/0087). Exported for the
 * benchmark that weighs the ASCII branch; the indexes use wordText.
 */
export const unicodeWordText = (text: string) =>
  `replaceAll(caseFoldUTF8(replaceRegexpAll(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(${text})), ${COMBINING_MARKS}, ''), ${WORD_BREAKS}, ' '), ${PUNCTUATION}, ' ')), ${DOTLESS_I}, 'i')`;

/**
 * SQL: the word index's text of a text expression: ASCII by the short branch (the engine
 * evaluates only the branch a row takes), the rest by unicodeWordText.
 */
export const wordText = (stored: string) => {
  const text = bothReadings(stored);
  return `if(isValidASCII(${text}), lower(replaceRegexpAll(${text}, ${JSON_ESCAPES}, ' ')), ${unicodeWordText(text)})`;
};

/**
 * SQL: the bigram index's text of a text expression: its Chinese and Japanese runs, space-separated,
 * in NFD with the kana's voiced marks dropped; empty for ASCII text without scanning it for them.
 * A kana written decomposed (ジ as シ and U+3099, as macOS writes it) is one character of its run
 * with the mark after it (the mark is in no script's class and would cut the run), and NFD splits
 * the precomposed ジ alike, so both are シ: the dakuten and handakuten are dropped as accents are,
 * on both sides (termMatches applies this to the term). `ジャパン`, `シャハン` and `パン` find
 * "ジャパン" and "シャハン" alike. These two marks are the only combining marks NFD makes of these
 * scripts, so dropping them drops every one (a byte search, not a regular expression over \p{Mn},
 * which doubled the expression's cost); only the runs are normalized, not the whole text.
 */
export const cjkText = (text: string) =>
  `if(isValidASCII(${text}), '', replaceAll(replaceAll(normalizeUTF8NFD(arrayStringConcat(extractAll(${text}, ${CJK_MARKED_RUNS}), ' ')), ${VOICED}, ''), ${SEMI_VOICED}, ''))`;

/** SQL: the searchable document of a row of traces or observation pieces (the same columns in both). */
export const SEARCH_DOCUMENT = `concat(${latest('name')}, ' ', ${latest('input')}, ' ', ${latest('output')}, ' ', arrayStringConcat(${elementsOf('metadata', 2)}, ' '))`;

export const SEARCH_WORDS = wordText(SEARCH_DOCUMENT);
export const SEARCH_CJK = cjkText(SEARCH_DOCUMENT);

/** SQL: the document of a trace_search row (clickhouse/0047): every text of the trace and its observations. */
export const TRACE_SEARCH_DOCUMENT = `arrayStringConcat(${elementsOf('texts', 2)}, ' ')`;

/** The two indexes' expressions over one table's document, for termMatches. */
export type SearchIndexes = { words: string; cjk: string };

/** The indexes of observation_pieces_v2 (clickhouse/0040): one observation piece per row. */
export const PIECE_INDEXES: SearchIndexes = { words: SEARCH_WORDS, cjk: SEARCH_CJK };

/** The indexes of trace_search_v3 (clickhouse/0047, 0050, 0051): one trace per row once its rows merge. */
export const TRACE_SEARCH_INDEXES: SearchIndexes = {
  words: wordText(TRACE_SEARCH_DOCUMENT),
  cjk: cjkText(TRACE_SEARCH_DOCUMENT),
};

/**
 * SQL: whether a row's document holds the term. One word: the word index's token. Several words
 * (a quoted phrase, "us-east-1"): the words in a row (hasPhrase, served by the same index). A
 * Chinese or Japanese run: every bigram of it (the index), then the run itself in the row's CJK
 * text, for runs longer than one bigram; the run is folded by the index's expression (cjkText).
 * A run of one character has no bigram: it is only looked for in the CJK text of the rows the
 * term's other parts found through the indexes (parseSearch never makes a term of it alone).
 */
export function termMatches(term: SearchTerm, p: ProjectParams, index: SearchIndexes = PIECE_INDEXES): string {
  const parts: string[] = [];
  if (term.words.length === 1) {
    parts.push(`hasAllTokens(${index.words}, tokens(${wordText(p.add(term.words[0]!, 'String'))}, 'splitByNonAlpha'))`);
  } else if (term.words.length > 1) {
    parts.push(`hasPhrase(${index.words}, ${wordText(p.add(term.words.join(' '), 'String'))})`);
  }
  for (const run of term.cjk) {
    const value = cjkText(p.add(run, 'String'));
    const length = [...run].length;
    if (length >= 2) parts.push(`hasAllTokens(${index.cjk}, tokens(${value}, 'ngrams', 2))`);
    if (length !== 2) parts.push(`position(${index.cjk}, ${value}) > 0`);
  }
  return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
}

/** SQL: a trace_search row's time: its trace pieces' timestamp, else its observations' earliest start. */
const ROW_TIME = traceDocumentTime();

/**
 * SQL: a subquery of the traces whose text (their own or their observations') holds every term,
 * each anywhere in the trace, as (trace_id, trace_time), from trace_search_v3 (0047, 0051), where each
 * row's match is read from the index, never from its text. A trace written in several pieces has
 * several rows until they merge; every plan here puts them together by trace id:
 *   - one term: FINAL with the term in PREWHERE, which the engine applies to each row before it
 *     merges a trace's rows, so the trace's matching rows merge into one row (a trace counts once);
 *   - several terms: the rows holding any term, grouped by trace, each term in one of them.
 * Not a condition after FINAL: there the engine reads a row's index match before it merges the
 * rows of a key and keeps one row's (ClickHouse 26.7), so a trace in pieces could lose its match.
 * `trace_time` orders the traces: the trace's own time once its rows have merged (traces_v2's);
 * before, the earliest of its matching rows' (their pieces' time, or their observations' start).
 * With `candidates` (an SQL set of trace ids, e.g. those a userId filter leaves), only those
 * traces' rows are read, by primary key.
 *
 * With `pieced` (several terms; tracesInPiecesSql's answer, when it was under its cap), the
 * grouping is kept for those traces only: every other trace matches when one row holds every
 * term, which the index answers by intersecting the terms' postings (FINAL, the terms in
 * PREWHERE), without grouping the rows holding any term.
 */
export function tracesSearched(
  terms: readonly SearchTerm[],
  p: ProjectParams,
  candidates?: string,
  pieced?: readonly string[],
): string {
  const matches = terms.map((term) => termMatches(term, p, TRACE_SEARCH_INDEXES));
  const within = candidates ? [`trace_id IN ${candidates}`] : [];
  const whole = (conditions: readonly string[]) => `SELECT trace_id, ${ROW_TIME} AS trace_time
      ${fromProject(TABLES.traceSearch, p, { final: true, prewhere: true })}${andAll([...within, ...conditions])}`;
  const grouped = (conditions: readonly string[]) => `SELECT trace_id, min(${ROW_TIME}) AS trace_time
      ${fromProject(TABLES.traceSearch, p)}${andAll([...within, ...conditions, `(${matches.join(' OR ')})`])}
      GROUP BY trace_id HAVING ${matches.map((m) => `max(${m})`).join(' AND ')}`;
  if (matches.length === 1) return whole(matches);
  if (pieced === undefined) return grouped([]);
  if (pieced.length === 0) return whole(matches);
  const ids = p.add(pieced, 'Array(String)');
  return `${whole([...matches, `trace_id NOT IN ${ids}`])}
      UNION ALL ${grouped([`trace_id IN ${ids}`])}`;
}

/**
 * SQL: the traces of which a row holding any of the terms lies outside the table's largest merged
 * part, at most `cap` (a caller takes `cap` rows as "too many"). Only these can hold the terms
 * in different rows: a merged part holds one row per trace (an insert's part may hold several,
 * the pieces as sent), so a trace whose rows holding a term all lie in that part has one such
 * row, and matches when that row holds every term. Decided per read, so a merge meanwhile only
 * moves rows into a part that is read the same way. Without a merged part (or with another
 * server's parts, on a cluster, where the name matches none) every trace holding a term is here.
 */
export function tracesInPiecesSql(terms: readonly SearchTerm[], p: ProjectParams, cap: number): string {
  const matches = terms.map((term) => termMatches(term, p, TRACE_SEARCH_INDEXES));
  const largestMerged = `(SELECT name FROM system.parts WHERE database = currentDatabase() AND table = ${p.add(TABLES.traceSearch, 'String')} AND active AND level > 0 ORDER BY rows DESC, name LIMIT 1)`;
  return `SELECT DISTINCT trace_id
      ${fromProject(TABLES.traceSearch, p, { prewhere: true })} AND _part != ${largestMerged} AND (${matches.join(' OR ')})
      LIMIT ${p.add(cap, 'UInt32')}`;
}

/**
 * SQL: `n`, at least the number of traces that hold every term, from the index alone (no
 * grouping): the fewest rows that hold any one of the terms. A matching trace has a row holding
 * each term (one row once merged, more before), so no more traces than that match. Each term's
 * rows are counted up to `cap` only (the read stops there, where a common term has most of the
 * index's hits): `n` is exact below `cap` and `cap` at or above it, all a caller comparing the
 * bound with `cap - 1` needs.
 */
export function searchHitsBoundSql(terms: readonly SearchTerm[], p: ProjectParams, cap: number): string {
  const capParam = p.add(cap, 'UInt32');
  const counts = terms.map(
    (term) =>
      `(SELECT count() FROM (SELECT 1 ${fromProject(TABLES.traceSearch, p, { prewhere: true })} AND ${termMatches(term, p, TRACE_SEARCH_INDEXES)} LIMIT ${capParam}))`,
  );
  return `SELECT ${counts.length === 1 ? counts[0] : `least(${counts.join(', ')})`} AS n`;
}

/**
 * SQL: `<idColumn> IN (...)` for the traces whose text holds every term (tracesSearched, with its
 * `candidates` and `pieced`).
 */
export function tracesMatching(
  idColumn: string,
  terms: readonly SearchTerm[],
  p: ProjectParams,
  candidates?: string,
  pieced?: readonly string[],
): string {
  return `${idColumn} IN (SELECT trace_id FROM (${tracesSearched(terms, p, candidates, pieced)}))`;
}

/**
 * SQL: `(trace_id, id) IN (...)` for the observations whose own pieces hold every term (each term
 * in any piece of the observation).
 */
export function observationsMatching(terms: readonly SearchTerm[], p: ProjectParams): string {
  return terms
    .map(
      (term) =>
        `(trace_id, id) IN (SELECT trace_id, id ${fromProject(TABLES.observationPieces, p)} AND ${termMatches(term, p)})`,
    )
    .join(' AND ');
}
