import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonish } from '../../src/otlp-traces/parse.ts';

/** What parseJsonish promises: JSON.parse of the trimmed text, or the text itself when that throws. */
function oracle(value: string): unknown {
  try {
    return JSON.parse(value.trim());
  } catch {
    return value;
  }
}

describe('parseJsonish', () => {
  it('agrees with JSON.parse (or the text unchanged) on any text', () => {
    const jsonish = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.json(),
      fc.json().map((j) => ` \n${j}\t `),
      fc.double().map(String),
      fc.integer().map(String),
      fc.constantFrom('true', 'false', 'null', 'tru', 'nul', 'falsey', '-', '01', '1.', '.5', '1e5', '-0', '1E+2'),
      fc.constantFrom('"a', '"', '{"a":1', '[1,2', '{} ', '[]x', '"x"y"', 'NaN', 'Infinity', '0x10', '+1'),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        expect(parseJsonish(text)).toStrictEqual(oracle(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('passes non-strings through and keeps blank text', () => {
    expect(parseJsonish(3)).toBe(3);
    expect(parseJsonish(null)).toBe(null);
    expect(parseJsonish('   ')).toBe('   ');
  });
});
