import { ApiError } from '@spanhouse/http';
import { isoToMicros } from '@spanhouse/schema';
import { describe, expect, it } from 'vitest';
import { parseLabelFilter, parseMetricsQuery } from '../../src/metrics/params.ts';

const NOW = isoToMicros('2026-01-01T12:00:00Z')!;
const H = 3_600e6;

function refusal(raw: Record<string, string | string[]>): string {
  try {
    parseMetricsQuery(raw, NOW);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

describe('parseMetricsQuery', () => {
  it('defaults: the last hour ending now, step 1m, avg, no filter, no group_by', () => {
    expect(parseMetricsQuery({ name: 'cpu' }, NOW)).toEqual({
      name: 'cpu',
      fromUs: NOW - H,
      toUs: NOW,
      labels: {},
      step: '1m',
      agg: 'avg',
    });
  });

  it('with only to, the hour before it; with only from, up to now', () => {
    const to = isoToMicros('2026-01-01T05:00:00Z')!;
    expect(parseMetricsQuery({ name: 'cpu', to: '2026-01-01T05:00:00Z' }, NOW)).toMatchObject({
      fromUs: to - H,
      toUs: to,
    });
    expect(parseMetricsQuery({ name: 'cpu', from: '2026-01-01T00:00:00Z' }, NOW)).toMatchObject({
      fromUs: isoToMicros('2026-01-01T00:00:00Z'),
      toUs: NOW,
    });
  });

  it('reads every parameter', () => {
    const q = parseMetricsQuery(
      {
        name: 'cpu',
        from: '2026-01-01T00:00:00.000001+01:00',
        to: '2026-01-01T00:00:00Z',
        labels: '{"host":"a","x=y":"\\"q\\""}',
        step: '1d',
        agg: 'p99',
        group_by: 'region',
      },
      NOW,
    );
    expect(q).toEqual({
      name: 'cpu',
      fromUs: isoToMicros('2025-12-31T23:00:00.000001Z'),
      toUs: isoToMicros('2026-01-01T00:00:00Z'),
      labels: { host: 'a', 'x=y': '"q"' },
      step: '1d',
      agg: 'p99',
      groupBy: 'region',
    });
  });

  it('refuses with the parameter named', () => {
    expect(refusal({})).toMatch(/^name: is required/);
    expect(refusal({ name: ['a', 'b'] })).toMatch(/^name: must be given once/);
    expect(refusal({ name: 'a', step: '10s' })).toMatch(/^step: must be one of/);
    expect(refusal({ name: 'a', agg: 'count' })).toMatch(/^agg: must be one of/);
    expect(refusal({ name: 'a', from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toMatch(
      /^from: must not be after to/,
    );
    expect(refusal({ name: 'a', from: '2026-01-02' })).toMatch(/^from: /);
    expect(refusal({ name: 'a', to: '2026-04-31T00:00:00Z' })).toMatch(/^to: /);
    expect(refusal({ name: 'a', group_by: '' })).toMatch(/^group_by: /);
    expect(refusal({ name: 'a', labels: '{' })).toMatch(/^labels: /);
  });
});

describe('parseLabelFilter', () => {
  it('takes a JSON object of strings', () => {
    expect(parseLabelFilter(undefined)).toEqual({});
    expect(parseLabelFilter('{}')).toEqual({});
    expect(parseLabelFilter('{"a":"","é":"日本"}')).toEqual({ a: '', é: '日本' });
  });

  it('keeps keys named like built-in object members', () => {
    const filter = parseLabelFilter('{"__proto__":"nope","constructor":"c","hasOwnProperty":"h"}');
    expect(Object.keys(filter)).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(JSON.stringify(filter)).toBe('{"__proto__":"nope","constructor":"c","hasOwnProperty":"h"}');
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'a=b',
      '[]',
      '["a"]',
      'null',
      '"a"',
      '1',
      '{"a":1}',
      '{"a":null}',
      '{"a":["b"]}',
      '{"a":{}}',
    ]) {
      expect(() => parseLabelFilter(text), text).toThrow(/^labels: /);
    }
  });
});
