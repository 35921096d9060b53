/*
 * The `search` parameter as terms (docs/search.md), shared by the query API, which looks the terms
 * up, and the web UI, which marks them where the reader sees them. A search is words and "quoted
 * phrases" separated by spaces; a trace (observation, session) matches when it contains every term.
 *
 * What a term is depends on the script, because the two text indexes cut text differently
 * (packages/store search-text.ts):
 *   - words: runs of letters and digits of any script written with spaces (Latin with its accents,
 *     Cyrillic, Greek, Hangul, ...) and any other character that is not ASCII punctuation; ASCII
 *     punctuation, spaces and JSON escapes (`\n`, `\u00e9`) separate words. A term of one word
 *     matches that word; a term of several ("us-east-1", a quoted phrase) matches them in a row.
 *   - Chinese and Japanese (Han, Hiragana, Katakana), written without spaces: the index holds every
 *     pair of neighbouring characters, so a term is found anywhere inside a sentence; it needs two
 *     characters at least.
 * Case and accents do not matter: the engine folds case and strips combining marks on both sides
 * (the index's expression applied to the term), so "CAFE" finds "café" and "STRASSE" "Straße".
 */

/*
 * How the indexes cut text, stated once for the engine's regular expressions (RE2, in the store's
 * index expressions) and for JavaScript's (here). RE2 and JavaScript (flag `u`) read these sources
 * alike but for script names, which RE2 spells `\p{Han}` and JavaScript `\p{Script=Han}`: the
 * scripts are listed once and spelled for each.
 */
export const SEARCH_TEXT_CUT = {
  /** The scripts written without spaces, which the bigram index serves. */
  cjkScripts: ['Han', 'Hiragana', 'Katakana'],
  /** Characters that belong to words of those scripts (ー lengthens a kana vowel, 々 repeats a character). */
  cjkMarks: 'ー々〆ヶ',
  /** A JSON escape (\n, \", \\, \u00e9): input and output are stored as JSON text, a line break as \ and n. */
  jsonEscape: String.raw`\\(?:[nrtbf"\\/]|u[0-9a-fA-F]{4})`,
  /** Combining marks: the word index drops them after NFD, so é is e and й is и. */
  combiningMarks: String.raw`\p{Mn}+`,
  /**
   * Punctuation of every script (¿ ¡ ’ “ ” « » — … ، ؟ ।) and the spaces other than ASCII's (the
   * Unicode space separators, listed: the no-break space, U+2000-U+200A, the ideographic space,
   * the line and paragraph separators), which the word index reads as a space once JSON escapes
   * are replaced (an escape's backslash is punctuation too): a word is found next to them as next
   * to ASCII punctuation. The ASCII space is left to the tokenizer: matched here, the text's every
   * space would be one more replacement (a third more time to build the index of such text).
   */
  punctuation: `[\\p{P}\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+`,
  /** What separates the word index's words (splitByNonAlpha): ASCII other than letters and digits. */
  wordSeparator: String.raw`[\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+`,
} as const;

const CJK_CLASS = SEARCH_TEXT_CUT.cjkScripts.map((s) => `\\p{Script=${s}}`).join('') + SEARCH_TEXT_CUT.cjkMarks;

/** Past this many characters a search is refused (400): a longer one is not a search a person types. */
export const MAX_SEARCH_CHARS = 500;
/** Past this many terms a search is refused (400): each term is one more index read. */
export const MAX_TERMS = 10;

/** A run of Chinese and Japanese characters, which the bigram index serves. */
export const CJK_RUNS = new RegExp(`[${CJK_CLASS}]+`, 'gu');
/** What the word index reads as a space: Chinese and Japanese runs, JSON escapes. */
export const WORD_BREAKS = new RegExp(`[${CJK_CLASS}]+|${SEARCH_TEXT_CUT.jsonEscape}`, 'gu');
/** What the word index reads as a space after WORD_BREAKS: punctuation and spaces of any script. */
export const PUNCTUATION = new RegExp(SEARCH_TEXT_CUT.punctuation, 'gu');
/** What separates words: ASCII other than letters and digits (the engine's splitByNonAlpha). */
export const WORD_SEPARATOR = new RegExp(SEARCH_TEXT_CUT.wordSeparator, 'u');
/** What the word index drops after NFD. */
export const COMBINING_MARKS = new RegExp(SEARCH_TEXT_CUT.combiningMarks, 'gu');

/**
 * Case folded as the word index folds it (the engine's caseFoldUTF8, then ı as i): JavaScript has
 * no case folding, but lower, upper, then lower case gives the same for what lowering alone misses
 * (ẞ is ß then SS, so ss; ﬁ is fi, ı is i), but for the final ς, which JavaScript's lowering
 * writes at a word's end and folding makes σ. Cherokee, which folding maps to its capitals, is left
 * lowered instead; the engine decides what matches, this marks and dedupes.
 */
export const foldCase = (text: string) => text.toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');

/** Text as the indexes compare it: Unicode NFD with the combining marks dropped, case folded. */
export const foldSearchText = (text: string) => foldCase(text.normalize('NFD').replace(COMBINING_MARKS, ''));

/** Whether the word index keeps a word: it drops one of combining marks only. */
export const isIndexedWord = (w: string) => foldSearchText(w).length > 0;

/** A search term as the indexes look it up (packages/store search-text.ts termMatches). */
export type SearchTerm = {
  /** The term as typed. */
  text: string;
  /** Its words outside Chinese and Japanese text, in order (matched in a row when more than one). */
  words: string[];
  /** Its runs of Chinese and Japanese characters; each is found as a whole. */
  cjk: string[];
};

export type ParsedTerm = SearchTerm & {
  /** True when typed in quotes. */
  quoted: boolean;
};

export class SearchSyntaxError extends Error {}

/**
 * The words of a text as the word index cuts it: broken at Chinese and Japanese runs (left out)
 * and at JSON escapes, as the index breaks the stored JSON text, so that a search pasted from a
 * trace's raw JSON (`Hello\nWorld`) looks up the words the index holds; words of combining marks
 * only (which the index drops) are left out too.
 */
export function wordsOf(text: string): string[] {
  return wordParts(text).filter(isIndexedWord);
}

/**
 * A text cut where the word index cuts it, empty parts kept (an empty first or last part: the text
 * starts or ends with a break): breaks and punctuation read as spaces, split at separators.
 */
export function wordParts(text: string): string[] {
  return text.replace(WORD_BREAKS, ' ').replace(PUNCTUATION, ' ').split(WORD_SEPARATOR);
}

/** Splits on spaces outside double quotes; an unclosed quote runs to the end. */
function split(input: string): { text: string; quoted: boolean }[] {
  const out: { text: string; quoted: boolean }[] = [];
  const re = /"([^"]*)"?|(\S+?)(?=\s|"|$)/gu;
  for (const m of input.matchAll(re)) {
    if (m[1] !== undefined) out.push({ text: m[1].trim(), quoted: true });
    else if (m[2] !== undefined) out.push({ text: m[2], quoted: false });
  }
  return out.filter((t) => t.text.length > 0);
}

/**
 * The terms of a search. Terms made of separators only ("-", "?") are dropped, since no index holds
 * them; a search left with no term, a term of single Chinese or Japanese characters and nothing
 * else, too many terms or too long a search is a SearchSyntaxError (a 400 naming why).
 */
export function parseSearch(input: string): ParsedTerm[] {
  const text = input.normalize('NFC');
  if ([...text].length > MAX_SEARCH_CHARS) {
    throw new SearchSyntaxError(`search must be at most ${MAX_SEARCH_CHARS} characters`);
  }
  const terms: ParsedTerm[] = [];
  const seen = new Set<string>();
  for (const part of split(text)) {
    const runs = [...part.text.matchAll(CJK_RUNS)].map((m) => m[0]);
    // A single character is no bigram: the index cannot look it up, so a term needs a word or a
    // run of two characters to look up; a single character beside them is kept, and checked in
    // the text of what they find (termMatches), so the term still needs every character it holds.
    const term: ParsedTerm = { text: part.text, quoted: part.quoted, words: wordsOf(part.text), cjk: runs };
    if (term.words.length === 0 && runs.length === 0) continue;
    if (term.words.length === 0 && runs.every((run) => [...run].length < 2)) {
      throw new SearchSyntaxError(
        `search term "${part.text}": a Chinese or Japanese term needs at least two characters`,
      );
    }
    // Terms that look up the same words and runs are one term (`cafe` and `Café`, `"a b"` and `a-b`).
    const key = JSON.stringify([term.words.map(foldSearchText), term.cjk.map(foldSearchText)]);
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  if (terms.length === 0) throw new SearchSyntaxError('search must contain a letter or a digit');
  if (terms.length > MAX_TERMS) throw new SearchSyntaxError(`search must have at most ${MAX_TERMS} terms`);
  return terms;
}
