import { describe, expect, it } from 'vitest';
import { parseMetricsQuery } from '../../src/langfuse-metrics/params.ts';
import { metricsSql } from '../../src/langfuse-metrics/query.ts';

/*
 * The SQL of Langfuse's Metrics API v1 (GET /api/public/metrics), as snapshots
 * (__snapshots__/query-sql.test.ts.snap): a change to a query shows in review. Every value is a
 * parameter; the snapshots hold both.
 */

const WINDOW = { fromTimestamp: '2026-03-01T00:00:00Z', toTimestamp: '2026-03-02T00:00:00Z' };
const sqlOf = (query: Record<string, unknown>) => {
  const { sql, params } = metricsSql('p', parseMetricsQuery(JSON.stringify({ ...WINDOW, ...query })));
  return { sql: sql.replace(/\s+/g, ' ').trim(), params };
};

describe('the Metrics API v1 SQL', () => {
  it('traces by name, the first metric descending', () => {
    expect(
      sqlOf({
        view: 'traces',
        dimensions: [{ field: 'name' }],
        metrics: [
          { measure: 'count', aggregation: 'count' },
          { measure: 'latency', aggregation: 'p95' },
        ],
        filters: [{ column: 'environment', operator: 'any of', value: ['production'], type: 'stringOptions' }],
      }),
    ).toMatchSnapshot();
  });

  it('observations by model per hour, the empty hours filled', () => {
    expect(
      sqlOf({
        view: 'observations',
        dimensions: [{ field: 'providedModelName' }],
        metrics: [{ measure: 'totalCost', aggregation: 'sum' }],
        timeDimension: { granularity: 'hour' },
      }),
    ).toMatchSnapshot();
  });

  it("numeric scores by name and their trace's user, the trace and observation joined, a histogram's bins a parameter", () => {
    expect(
      sqlOf({
        view: 'scores-numeric',
        dimensions: [{ field: 'name' }, { field: 'userId' }],
        metrics: [
          { measure: 'value', aggregation: 'avg' },
          { measure: 'value', aggregation: 'histogram' },
        ],
        config: { bins: 5 },
        filters: [{ column: 'tags', operator: 'any of', value: ['beta'], type: 'arrayOptions' }],
      }),
    ).toMatchSnapshot();
  });

  it('traces with the count of their scores, joined only for that measure', () => {
    expect(
      sqlOf({
        view: 'traces',
        dimensions: [{ field: 'name' }],
        metrics: [{ measure: 'scoresCount', aggregation: 'sum' }],
      }),
    ).toMatchSnapshot();
  });

  it('auto picks about fifty buckets over the window', () => {
    const granularity = (from: string, to: string) =>
      parseMetricsQuery(
        JSON.stringify({
          view: 'traces',
          metrics: [{ measure: 'count', aggregation: 'count' }],
          timeDimension: { granularity: 'auto' },
          fromTimestamp: from,
          toTimestamp: to,
        }),
      ).granularity;
    expect(granularity('2026-03-01T00:00:00Z', '2026-03-01T01:00:00Z')).toBe('minute');
    expect(granularity('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z')).toBe('hour');
    expect(granularity('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z')).toBe('day');
    expect(granularity('2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z')).toBe('week');
    expect(granularity('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('month');
  });
});
