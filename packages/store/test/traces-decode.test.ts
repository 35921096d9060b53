import { describe, expect, it } from 'vitest';
import { fromTraceRow } from '../src/traces.ts';

describe('fromTraceRow', () => {
  it('keeps metadata keys named like built-in object members as keys', () => {
    // As the client parses a JSONEachRow line: `__proto__` is an own key of the map.
    const row = JSON.parse(
      '{"id":"t","timestamp":"2026-01-01 00:00:00.000000","metadata":{"__proto__":"{\\"a\\":1}","constructor":"\\"c\\""}}',
    );
    const { metadata } = fromTraceRow(row);
    expect(Object.keys(metadata)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(metadata)).toBe('{"__proto__":{"a":1},"constructor":"c"}');
  });
});
