import { describe, expect, it } from 'vitest';
import { highlightTerms, matchRanges } from '../src/search/highlight.ts';

const marked = (text: string, search: string) =>
  matchRanges(text, highlightTerms(search)).map(([a, b]) => text.slice(a, b));

describe('search highlighting', () => {
  it('takes words and quoted phrases, and drops terms of separators only', () => {
    expect(highlightTerms('refund "late delivery" - ?')).toEqual(['refund', 'late delivery']);
    expect(highlightTerms(undefined)).toEqual([]);
  });

  it('marks terms whatever their case and accents, in the characters the reader sees', () => {
    expect(marked('Un Café à PARIS, cafe crème', 'cafe paris')).toEqual(['Café', 'PARIS', 'cafe']);
    expect(marked('Ваш заказ доставлен в Москву', 'москву')).toEqual(['Москву']);
    // A decomposed accent in the text still maps back onto whole characters.
    expect(marked('cafe\u0301 noir', 'café')).toEqual(['cafe\u0301']);
  });

  it('marks a phrase as a whole and a Japanese word inside its sentence', () => {
    expect(marked('late delivery, then delivery late', '"late delivery"')).toEqual(['late delivery']);
    expect(marked('東京に行きたいです', '行き')).toEqual(['行き']);
  });

  it('merges overlapping marks and marks nothing without a search', () => {
    expect(marked('refunded', 'refund refunded')).toEqual(['refunded']);
    expect(matchRanges('anything', [])).toEqual([]);
  });
});
