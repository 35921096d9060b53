import { describe, expect, it } from 'vitest';
import { FilterError } from '../../src/filter/conditions.ts';
import { indexTerms, MAX_INDEX_TERMS, matchTerms } from '../../src/filter/text-terms.ts';

const words = (value: string, operator = 'contains') => indexTerms(value, operator).map((t) => t.text);

describe('indexTerms: the words every text containing the value holds whole', () => {
  it('takes only the words the value itself ends on both sides', () => {
    expect(words('refund')).toEqual([]);
    expect(words('late delivery')).toEqual([]);
    expect(words('a late delivery')).toEqual(['late']);
    expect(words(' late delivery,')).toEqual(['delivery', 'late']);
    expect(words('us-east-1 zone')).toEqual(['east', '1'].sort((a, b) => b.length - a.length));
  });

  it('counts the text’s edge as a boundary for =, starts with and ends with', () => {
    expect(words('refund', '=')).toEqual(['refund']);
    expect(words('late delivery', 'starts with')).toEqual(['late']);
    expect(words('late delivery', 'ends with')).toEqual(['delivery']);
  });

  it('reads JSON escapes as breaks, as the index does, and takes Chinese and Japanese runs of two or more', () => {
    expect(words('x\\nrefund\\n')).toEqual(['refund']);
    expect(words('東京に')).toEqual(['東京に']);
    expect(words('大')).toEqual([]);
    expect(words('iPhoneの注文 ')).toEqual(['の注文']);
  });

  it('looks up at most a few words, the longest first', () => {
    expect(words(' a bb ccc dddd eeeee ')).toEqual(['eeeee', 'dddd', 'ccc']);
    expect(indexTerms(' one two three four five six ', 'contains')).toHaveLength(MAX_INDEX_TERMS);
  });
});

describe('matchTerms: a matches value as search terms', () => {
  it('takes every word and run', () => {
    expect(matchTerms('Late delivery').map((t) => t.text)).toEqual(['delivery', 'Late']);
    expect(matchTerms('東京 refund').map((t) => t.text)).toEqual(['refund', '東京']);
  });

  it('refuses a value with nothing to look up', () => {
    expect(() => matchTerms('?!')).toThrow(FilterError);
    expect(() => matchTerms('大')).toThrow(/needs a word/);
  });
});
