import { describe, expect, it } from 'vitest';
import { scanList } from '../src/list-syntax.ts';

/* The list syntax of the UI's filter boxes and the API's array parameters: what is wrong with quotes. */

describe('scanList', () => {
  it('reads a well-formed list without an error', () => {
    expect(scanList('"eu, west", beta')).toEqual({ values: ['eu, west', 'beta'] });
    expect(scanList('a"b, c')).toEqual({ values: ['a"b', 'c'] });
  });

  it('names a quote left open and text after a closing quote, keeping what it could read', () => {
    expect(scanList('"eu, west')).toEqual({
      values: ['eu, west'],
      error: 'the quote opening "eu, west" is not closed',
    });
    expect(scanList('"eu" west, b')).toEqual({
      values: ['eu', 'b'],
      error: '"eu" in quotes is followed by "west" before the next comma',
    });
  });
});
