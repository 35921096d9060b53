import { ApiError } from '@spanhouse/http';
import { isoToMicros, MetricsBatchRequest, safeParse } from '@spanhouse/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMetricsBatch } from '../../src/metrics/decode.ts';

function refusal(body: unknown): string | undefined {
  try {
    decodeMetricsBatch(body);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_REQUEST');
    return (err as ApiError).message;
  }
}

/** Points that are often valid and often wrong in one field, in every way the rules allow. */
const almostPoint = fc.record(
  {
    name: fc.oneof(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.constantFrom('', 'x'.repeat(256), 'x'.repeat(257), 3, null),
    ),
    labels: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 4 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
        maxKeys: 3,
      }),
      fc.constantFrom(null, [], ['a'], 'labels', { ['k'.repeat(129)]: 'v' }, { k: 'v'.repeat(1025) }),
      fc.constant(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, '']))),
    ),
    value: fc.oneof(fc.double(), fc.integer(), fc.constantFrom('1', null, true)),
    timestamp: fc.oneof(
      fc
        .date({ min: new Date('1960-01-01'), max: new Date('2300-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.constantFrom(
        '2026-01-01T00:00:00+05:30',
        '2026-01-01T00:00:00',
        '2026-02-30T00:00:00Z',
        '2026-01-01',
        '1970-01-01T00:00:00Z',
        '2199-12-31T23:59:59.999999Z',
        '2200-01-01T00:00:00Z',
        1767225600,
      ),
    ),
  },
  { requiredKeys: [] },
);

describe('decodeMetricsBatch', () => {
  it('accepts exactly the batches the schema accepts, and words refusals as the schema does', () => {
    fc.assert(
      fc.property(fc.array(almostPoint, { maxLength: 4 }), (metrics) => {
        const body = { metrics };
        const schema = safeParse(MetricsBatchRequest, body);
        const message = refusal(body);
        expect(message === undefined).toBe(schema.success);
        if (!schema.success) expect(message).toMatch(/^metrics\.\d+/);
      }),
      { numRuns: 2000 },
    );
  });

  it('returns the points with their times in microseconds', () => {
    const { points, us } = decodeMetricsBatch({
      metrics: [
        { name: 'a', value: 1.5, timestamp: '2026-01-01T01:00:00.000001+01:00' },
        { name: 'a', labels: { k: 'v' }, value: -2, timestamp: '2026-01-01T00:00:00.000001Z' },
        { name: 'b', value: 0, timestamp: '1970-01-01T00:00:00Z' },
      ],
    });
    expect(points.map((p) => [p.name, p.labels, p.value])).toEqual([
      ['a', undefined, 1.5],
      ['a', { k: 'v' }, -2],
      ['b', undefined, 0],
    ]);
    expect([...us]).toEqual([
      isoToMicros('2026-01-01T00:00:00.000001Z'),
      isoToMicros('2026-01-01T00:00:00.000001Z'),
      0,
    ]);
  });

  it('refuses bodies that are not {metrics: [...]}', () => {
    for (const body of [null, [], 'x', 1, {}, { metrics: {} }, { metrics: null }]) {
      expect(refusal(body)).toMatch(/metrics|Invalid type/);
    }
  });
});
