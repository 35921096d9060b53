import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_CHARS, MAX_TERMS, parseSearch, SearchSyntaxError, wordsOf } from '../src/search-terms.ts';

const words = (s: string) => parseSearch(s).map((t) => t.words);

describe('parseSearch', () => {
  it('splits words on spaces and ASCII punctuation, keeping accents and other scripts inside words', () => {
    expect(words('refund  Café')).toEqual([['refund'], ['Café']]);
    expect(words('Москва order#42')).toEqual([['Москва'], ['order', '42']]);
    expect(wordsOf('naïve-façade ελληνικά 한국어')).toEqual(['naïve', 'façade', 'ελληνικά', '한국어']);
  });

  it('breaks words at JSON escapes, as the index breaks the stored JSON text', () => {
    // Pasted from a trace's raw JSON: the escapes stand for a line break, a tab and "é".
    expect(words('"late\\ndelivery" caf\\u00e9\\trefund')).toEqual([
      ['late', 'delivery'],
      ['caf', 'refund'],
    ]);
    // An escaped backslash is one escape: the n after it starts the next word.
    expect(wordsOf('late\\\\nrefund')).toEqual(['late', 'nrefund']);
  });

  it('keeps a quoted phrase as one term, and an unclosed quote runs to the end', () => {
    const terms = parseSearch('"late delivery" refund "second phrase');
    expect(terms.map((t) => [t.text, t.quoted])).toEqual([
      ['late delivery', true],
      ['refund', false],
      ['second phrase', true],
    ]);
    expect(terms[0]!.words).toEqual(['late', 'delivery']);
  });

  it('keeps Chinese and Japanese runs whole, words beside them apart', () => {
    const [term] = parseSearch('東京に行きたい');
    expect(term!.words).toEqual([]);
    expect(term!.cjk).toEqual(['東京に行きたい']);
    const [mixed] = parseSearch('iPhoneの注文');
    expect(mixed!.words).toEqual(['iPhone']);
    expect(mixed!.cjk).toEqual(['の注文']);
    // The prolonged sound mark belongs to the Katakana word it lengthens.
    expect(parseSearch('パスワード')[0]!.cjk).toEqual(['パスワード']);
  });

  it('refuses a Chinese or Japanese term of one character with nothing else to look up', () => {
    expect(() => parseSearch('猫')).toThrow(/at least two characters/);
    expect(() => parseSearch('猫 cat')).toThrow(/search term "猫"/);
    expect(() => parseSearch('"猫 の"')).toThrow(/search term "猫 の"/);
  });

  it('keeps a single Chinese or Japanese character beside a word or a longer run, which it needs too', () => {
    expect(parseSearch('猫cat')[0]!.words).toEqual(['cat']);
    expect(parseSearch('猫cat')[0]!.cjk).toEqual(['猫']);
    expect(parseSearch('"東京 は"')[0]!.cjk).toEqual(['東京', 'は']);
  });

  it('drops terms of separators only, and refuses a search left with nothing to look up', () => {
    expect(parseSearch('refund - ?').map((t) => t.text)).toEqual(['refund']);
    expect(() => parseSearch(' -- !! ')).toThrow(SearchSyntaxError);
    expect(() => parseSearch('')).toThrow(/letter or a digit/);
    expect(() => parseSearch('""')).toThrow(/letter or a digit/);
  });

  it('normalizes to NFC, so a decomposed accent is the same term', () => {
    expect(parseSearch('cafe\u0301')[0]!.words).toEqual(['café']);
  });

  it('keeps each term once: terms that look up the same words, whatever their case, accents or quotes', () => {
    expect(parseSearch('refund Refund REFUND "refund" café CAFE "a b" a-b').map((t) => [t.text, t.quoted])).toEqual([
      ['refund', false],
      ['café', false],
      ['a b', true],
    ]);
    // Ten distinct terms and a repeat in another spelling: within the limit.
    expect(parseSearch('a b c d e f g h i naive naïve')).toHaveLength(10);
  });

  it('refuses too long a search and too many terms', () => {
    expect(() => parseSearch('a'.repeat(MAX_SEARCH_CHARS + 1))).toThrow(/at most 500 characters/);
    expect(() => parseSearch('é'.repeat(MAX_SEARCH_CHARS))).not.toThrow();
    const many = Array.from({ length: MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' ');
    expect(() => parseSearch(many)).toThrow(/at most 10 terms/);
  });
});
