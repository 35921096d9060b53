import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { fromProject } from './project.ts';
import { elementsOf, latest } from './versioned.ts';

/*
 * Full-text search over traces and observation pieces (clickhouse/0040, docs/search.md). Each of
 * the two tables has two text indexes over the same document of a row (its name, input, output
 * and metadata values, as stored):
 *   - the word index: the document lowered, accents removed, Chinese and Japanese runs and JSON
 *     escapes (\n, \", \u00e9) replaced by spaces, cut by splitByNonAlpha (ASCII other than
 *     letters and digits separates words; every other character is part of a word);
 *   - the bigram index: the document's Chinese and Japanese runs only, cut into pairs of
 *     neighbouring characters (ngrams(2)), so a word is found inside a sentence without spaces.
 * The expressions below are the indexes' expressions character for character: a query names
 * them, so the engine answers from the index (and reads no text for a single term). Terms are
 * normalized by the same expressions, applied to the query parameter, so both sides agree on
 * case and accents whatever the client sends.
 */

/** The characters of the scripts written without spaces that the bigram index serves (RE2 classes). */
export const CJK_CLASS = '\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ';

/** An SQL string literal (backslashes and quotes escaped). */
const sqlString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** What the word index replaces by a space: Chinese and Japanese runs, JSON escapes. */
const WORD_BREAKS = sqlString(`[${CJK_CLASS}]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})`);
/** Combining marks, removed after NFD: é becomes e, й becomes и. */
const COMBINING_MARKS = sqlString('\\p{Mn}+');
const CJK_RUNS = sqlString(`[${CJK_CLASS}]+`);

/**
 * SQL: the word index's text of a text expression. toValidUTF8 first: normalizeUTF8NFD throws on
 * invalid UTF-8, and an index expression that throws fails the whole insert.
 */
export const wordText = (text: string) =>
  `lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(${text})), ${COMBINING_MARKS}, ''), ${WORD_BREAKS}, ' '))`;

/** SQL: the bigram index's text of a text expression (its Chinese and Japanese runs, space-separated). */
export const cjkText = (text: string) => `arrayStringConcat(extractAll(${text}, ${CJK_RUNS}), ' ')`;

/** SQL: the searchable document of a row of traces or observation pieces (the same columns in both). */
export const SEARCH_DOCUMENT = `concat(${latest('name')}, ' ', ${latest('input')}, ' ', ${latest('output')}, ' ', arrayStringConcat(${elementsOf('metadata', 2)}, ' '))`;

export const SEARCH_WORDS = wordText(SEARCH_DOCUMENT);
export const SEARCH_CJK = cjkText(SEARCH_DOCUMENT);

/** A search term as the query API parsed it (apps/query-api search/terms.ts). */
export type SearchTerm = {
  /** The term as typed. */
  text: string;
  /** Its words outside Chinese and Japanese text, in order (matched in a row when more than one). */
  words: string[];
  /** Its runs of Chinese and Japanese characters; each is found as a whole. */
  cjk: string[];
};

/**
 * SQL: whether a row's document holds the term. One word: the word index's token. Several words
 * (a quoted phrase, "us-east-1"): the words in a row (hasPhrase, served by the same index). A
 * Chinese or Japanese run: every bigram of it (the index), then the run itself in the row's CJK
 * text, for runs longer than one bigram.
 */
export function termMatches(term: SearchTerm, p: ProjectParams): string {
  const parts: string[] = [];
  if (term.words.length === 1) {
    parts.push(
      `hasAllTokens(${SEARCH_WORDS}, tokens(${wordText(p.add(term.words[0]!, 'String'))}, 'splitByNonAlpha'))`,
    );
  } else if (term.words.length > 1) {
    parts.push(`hasPhrase(${SEARCH_WORDS}, ${wordText(p.add(term.words.join(' '), 'String'))})`);
  }
  for (const run of term.cjk) {
    const value = p.add(run, 'String');
    parts.push(`hasAllTokens(${SEARCH_CJK}, tokens(${value}, 'ngrams', 2))`);
    if ([...run].length > 2) parts.push(`position(${SEARCH_CJK}, ${value}) > 0`);
  }
  return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
}

/**
 * SQL: `<idColumn> IN (...)` for the traces whose rows or observations' rows hold every term,
 * each term anywhere in the trace. One set of trace ids per term, from both tables' indexes; a
 * piece whose text a later piece replaced can still match until the two merge.
 */
export function tracesMatching(idColumn: string, terms: readonly SearchTerm[], p: ProjectParams): string {
  return terms
    .map((term) => {
      const match = termMatches(term, p);
      return `${idColumn} IN (
        SELECT id ${fromProject(TABLES.traces, p)} AND ${match}
        UNION ALL
        SELECT trace_id ${fromProject(TABLES.observationPieces, p)} AND ${match})`;
    })
    .join(' AND ');
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
