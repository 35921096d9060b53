import type { Db } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import {
  CJK_RUNS,
  COMBINING_MARKS,
  foldCase,
  foldSearchText,
  PUNCTUATION,
  parseSearch,
  WORD_BREAKS,
} from '@spanhouse/schema';
import { cjkText, wordText } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexTerms, matchTerms } from '../../src/filter/text-terms.ts';

/*
 * The query API cuts a search or a filter value as the word index cuts a document, with the
 * store's patterns compiled for JavaScript; the index expression is the same rule spelled for the
 * engine (RE2). On real chDB, each break (every JSON escape, each Chinese and Japanese script and
 * mark) and each near miss gives the same text and the same words on both sides, so the two
 * spellings cannot drift apart unseen.
 */

let db: Db;

beforeAll(async () => {
  db = await openTestDb('word_breaks');
});
afterAll(() => db?.close());

/** The engine's word index text of `text` and the words its tokenizer cuts from it. */
async function indexed(text: string): Promise<{ text: string; words: string[] }> {
  const rs = await db.writer.query({
    query: `SELECT ${wordText('{t:String}')} AS doc, arrayDistinct(tokens(doc, 'splitByNonAlpha')) AS words`,
    query_params: { t: text },
    format: 'JSONEachRow',
  });
  const [row] = (await rs.json()) as { doc: string; words: string[] }[];
  return { text: row!.doc, words: row!.words };
}

const MARKS = COMBINING_MARKS;
/**
 * The word index's text as the query API models it: all-ASCII text by the short branch, which
 * leaves punctuation to the tokenizer, the rest case folded as the web UI folds it (foldCase).
 */
const modelText = (stored: string) => {
  const text = readings(stored).join(' ');
  if (/^[\x00-\x7f]*$/.test(text)) return text.replace(WORD_BREAKS, ' ').toLowerCase();
  const model = text.normalize('NFD').replace(MARKS, '').replace(WORD_BREAKS, ' ').replace(PUNCTUATION, ' ');
  return foldCase(model);
};
/**
 * The texts the word index reads of a stored text: itself, and with a backslash shown (stored as
 * \\) as a backslash, when it holds one (search-text.ts bothReadings).
 */
const readings = (text: string) => (text.includes('\\\\') ? [text, text.replaceAll('\\\\', '\\')] : [text]);
const fold = foldSearchText;
const sorted = (words: Iterable<string>) => [...new Set(words)].sort();

// Each sample holds one break (or near miss) between words; backslashes are the text's own.
const SAMPLES: [string, string][] = [
  ...['n', 'r', 't', 'b', 'f', '"', '\\', '/', 'u00e9', 'u00E9', 'u20AC'].map((esc): [string, string] => [
    `escape \\${esc}`,
    `late\\${esc}refund`,
  ]),
  ['escaped backslash, then n', 'late\\\\nrefund'],
  ['escaped backslashes of a path', 'C:\\\\Users\\\\bob\\\\notes.md \\\\\\\\server\\\\u00e9'],
  ...['x', 'a', 'U0041', 'u12', 'uZZZZ', 'u00e'].map((esc): [string, string] => [
    `no escape \\${esc}`,
    `late\\${esc}refund`,
  ]),
  ['backslash at the end', 'late refund\\'],
  // All-ASCII text takes the index expression's short branch; these check it cuts as the long one.
  ['ASCII capitals and escapes', 'Late\\nREFUND "Order\\u00e9" Us-East-1\\t'],
  ['ASCII control characters', 'late\u0001refund\u007fagain'],
  ['Han', 'late東京refund'],
  ['Hiragana', 'lateひらがなrefund'],
  ['Katakana with the prolonged sound mark', 'lateパスワードrefund'],
  ['ー alone', 'lateーrefund'],
  ['々', 'late々refund'],
  ['〆', 'late〆refund'],
  ['ヶ', 'lateヶrefund'],
  ['kana with a voiced mark', 'lateガrefund'],
  ['Hangul (a word, no break)', 'late한국어refund'],
  ['accents', 'café naïve e\u0301te'],
  ['case folded beyond lowering', 'Straße STRAẞE ΟΔΟΣ οδός kırmızı ILIK İstanbul ﬁle'],
  ['a word of combining marks only', 'late \u0301 refund'],
  ['ASCII punctuation and non-ASCII', 'us-east-1 €5 «refund» late…again'],
  ['Spanish, French and typographic punctuation', '¿Dónde está? ¡Hola! l’école “smart” hello—world'],
  ['Arabic and Devanagari punctuation, other spaces', 'foo\u00a0nbsp مرحبا، كيف؟ wait… हिन्दी। a\u2028b 🍕€'],
  ['punctuation before an escape', 'late—\\nrefund “\\u00e9x”'],
];

describe('the word index and the query API cut text alike', () => {
  it.each(SAMPLES)('%s', async (_, text) => {
    const engine = await indexed(text);
    expect(modelText(text)).toBe(engine.text);
    // A filter's `matches` words are the index's words, and an `=` value looks up only those.
    const matched = readings(text).flatMap((r) => matchTerms(r).flatMap((t) => t.words));
    expect(sorted(matched.map(fold))).toEqual(sorted(engine.words));
    for (const term of indexTerms(text, '=')) {
      for (const w of term.words) expect(engine.words).toContain(fold(w));
    }
    // A search typed as the text is shown, or pasted from the raw JSON, looks up the index's words.
    const searched = readings(text).flatMap((r) => parseSearch(r).flatMap((t) => t.words));
    expect(sorted(searched.map(fold))).toEqual(sorted(engine.words));
  });
});

describe('the bigram index and the web UI fold Chinese and Japanese alike', () => {
  // The UI marks a run where foldSearchText's runs hold it; the engine finds it where cjkText's do.
  it.each([
    ['precomposed kana', 'ジャパンに行く'],
    ['decomposed kana (macOS)', 'シ\u3099ャハ\u309aンに行く'],
    ['hiragana with a handakuten', 'ぱぴぷ and ば'],
    ['Han between words', 'late東京refund 天気'],
    ['a compatibility ideograph', '\uf900 羅'],
  ])('%s', async (_, text) => {
    const rs = await db.writer.query({
      query: `SELECT ${cjkText('{t:String}')} AS runs`,
      query_params: { t: text },
      format: 'JSONEachRow',
    });
    const [row] = (await rs.json()) as { runs: string }[];
    expect(row!.runs).toBe([...foldSearchText(text).matchAll(CJK_RUNS)].map((m) => m[0]).join(' '));
  });
});
