import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../src/json-depth.ts';
import { parseJsonBody } from '../src/validate.ts';

describe('jsonDepth', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[", []]')).toBe(2);
    expect(jsonDepth('["\\\\", [[]]]')).toBe(3);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth('['.repeat(1e6), 10)).toBe(11);
  });
});

describe('parseJsonBody', () => {
  it('refuses JSON nested deeper than 128 levels with a 400 instead of overflowing the stack later', () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    expect(() => parseJsonBody(deep)).toThrow(/deeper than 128 levels/);
    expect(parseJsonBody(`${'['.repeat(128)}${']'.repeat(128)}`)).toBeInstanceOf(Array);
  });
});
