import { CJK_RUNS, foldSearchText, parseSearch, SEARCH_TEXT_CUT, SearchSyntaxError } from '@spanhouse/schema';

/*
 * Where a search's terms are in a text, for highlighting the conversation a search led to. The
 * terms are the server's own (parseSearch, docs/search.md), marked as the server matches them:
 * case (folded, ß as ss) and accents ignored; a word whole; the words of a phrase or of "us-east-1" in a row,
 * whatever separates them (spaces, punctuation, a line break, or a JSON escape such as \n in raw
 * JSON); a Chinese or Japanese run anywhere inside its sentence.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The CJK characters (the word index reads them as a space between words). */
const CJK_CHAR = CJK_RUNS.source.replace(/\+$/, '');
/**
 * One thing that is not part of a word: a JSON escape, an ASCII separator, punctuation or a space
 * of any script (¡ — « … ، the no-break space), a CJK character.
 */
const BREAK = `(?:${SEARCH_TEXT_CUT.jsonEscape}|${SEARCH_TEXT_CUT.wordSeparator.replace(/\+$/, '')}|${SEARCH_TEXT_CUT.punctuation.replace(/\+$/, '')}|${CJK_CHAR})`;

/**
 * The patterns that mark a search's terms in folded text (matchRanges folds the text): one per
 * term's words, one per Chinese or Japanese run. A search the server refuses marks nothing.
 */
export function highlightTerms(search: string | undefined): RegExp[] {
  if (!search) return [];
  let terms: ReturnType<typeof parseSearch>;
  try {
    terms = parseSearch(search);
  } catch (e) {
    if (e instanceof SearchSyntaxError) return [];
    throw e;
  }
  const patterns: RegExp[] = [];
  for (const term of terms) {
    if (term.words.length > 0) {
      const words = term.words.map((w) => escapeRegExp(fold(w))).join(`${BREAK}+`);
      patterns.push(new RegExp(`(?<=^|${BREAK})${words}(?=$|${BREAK})`, 'gu'));
    }
    for (const run of term.cjk) patterns.push(new RegExp(escapeRegExp(fold(run)), 'gu'));
  }
  return patterns;
}

/**
 * A character folded as the search folds it: case folded (ß is ss, ς is σ, ı is i), combining
 * marks dropped. The text is folded a character at a time (a mark alone folds to nothing).
 */
const fold = foldSearchText;

/**
 * The text folded, with the start in the original text of each folded character (so a match in
 * the folded text maps back to the characters the reader sees).
 */
function folded(text: string): { folded: string; origin: number[] } {
  let out = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = fold(ch);
    out += f;
    for (let k = 0; k < f.length; k++) origin.push(at);
    at += ch.length;
  }
  origin.push(at);
  return { folded: out, origin };
}

/** The [start, end) ranges of `text` where any of the patterns (highlightTerms) matches, sorted and merged. */
export function matchRanges(text: string, patterns: readonly RegExp[]): [number, number][] {
  if (patterns.length === 0 || text.length === 0) return [];
  const { folded: f, origin } = folded(text);
  const ranges: [number, number][] = [];
  for (const pattern of patterns) {
    for (const m of f.matchAll(pattern)) {
      if (m[0].length > 0) ranges.push([origin[m.index]!, origin[m.index + m[0].length]!]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
