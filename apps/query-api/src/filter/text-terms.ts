import { CJK_RUNS, isIndexedWord, type SearchTerm, wordParts, wordsOf } from '@spanhouse/schema';
import { FilterError } from './conditions.ts';

/** At most this many words of a value are looked up in the text index (the longest, likely the rarest). */
export const MAX_INDEX_TERMS = 3;

/**
 * The search terms (docs/search.md) that every text containing `value` holds, so that the text
 * index can narrow a substring condition without changing its result: a word of the value is a
 * whole word of any text that contains the value only when the value itself ends it on both sides
 * (a separator inside the value, or the text's own edge for `=`, `starts with`, `ends with`);
 * "refund" in "refunded" is not an indexed word, "late delivery" holds neither of its words whole
 * but "a late delivery" holds "late". Chinese and Japanese runs of two characters or more are
 * always usable (the index holds every pair of characters). Empty when nothing is usable: the
 * condition then reads the text (a bounded scan, filter/param.ts).
 */
export function indexTerms(value: string, operator: string): SearchTerm[] {
  const text = value.normalize('NFC');
  const atStart = operator === '=' || operator === 'starts with';
  const atEnd = operator === '=' || operator === 'ends with';
  const parts = wordParts(text);
  const words = parts.filter((w, i) => isIndexedWord(w) && (i > 0 || atStart) && (i < parts.length - 1 || atEnd));
  const cjk = [...text.matchAll(CJK_RUNS)].map((m) => m[0]).filter((run) => [...run].length >= 2);
  const terms: SearchTerm[] = [
    ...[...new Set(words)].map((w) => ({ text: w, words: [w], cjk: [] })),
    ...[...new Set(cjk)].map((run) => ({ text: run, words: [], cjk: [run] })),
  ];
  return terms.sort((a, b) => b.text.length - a.text.length).slice(0, MAX_INDEX_TERMS);
}

/**
 * The terms of a `matches` value (Langfuse's indexed text search): each of its words is a whole
 * word of the text, each Chinese or Japanese run of two characters or more is in it. A value with
 * no letter or digit, or only single Chinese or Japanese characters, has nothing to look up: a 400.
 */
export function matchTerms(value: string): SearchTerm[] {
  const text = value.normalize('NFC');
  const words = [...new Set(wordsOf(text))];
  // A single character between words is no bigram: the substring check alone holds it.
  const cjk = [...new Set([...text.matchAll(CJK_RUNS)].map((m) => m[0]))].filter((run) => [...run].length >= 2);
  if (words.length === 0 && cjk.length === 0) {
    throw new FilterError(
      '`matches` needs a word of letters or digits, or two Chinese or Japanese characters together, to look up',
    );
  }
  return [
    ...words.map((w) => ({ text: w, words: [w], cjk: [] })),
    ...cjk.map((run) => ({ text: run, words: [], cjk: [run] })),
  ].sort((a, b) => b.text.length - a.text.length);
}
