import { describe, expect, it } from 'vitest';
import { alignSeries, seriesLabel, summarize } from '../src/charts/series.ts';
import { decodeState } from '../src/lib/url-state.ts';
import { autoStep, EXPLORER_PARAMS, encodeLabels, explorerQuery, parseLabels } from '../src/metrics/explorer-state.ts';
import { daysBetween, NO_MODEL, usageByModel } from '../src/usage/daily.ts';

const ts = (m: number) => `2026-01-01T00:0${m}:00.000+00:00`;
const sec = (m: number) => Date.parse('2026-01-01T00:00:00Z') / 1000 + m * 60;

describe('alignSeries', () => {
  it('puts series on the union of their timestamps, with gaps as null', () => {
    const aligned = alignSeries([
      {
        values: [
          { timestamp: ts(0), value: 1 },
          { timestamp: ts(2), value: 3 },
        ],
      },
      {
        values: [
          { timestamp: ts(1), value: 20 },
          { timestamp: ts(2), value: 30 },
        ],
      },
    ]);
    expect(aligned).toEqual({
      xs: [sec(0), sec(1), sec(2)],
      ys: [
        [1, null, 3],
        [null, 20, 30],
      ],
    });
  });

  it('names series like Prometheus and sums up their numbers', () => {
    expect(seriesLabel({ region: 'eu', host: 'a' })).toBe('{host="a", region="eu"}');
    expect(seriesLabel({})).toBe('{}');
    expect(summarize([1, null, 3, 2])).toEqual({ points: 3, min: 1, max: 3, mean: 2, last: 2 });
    expect(summarize([null])).toEqual({ points: 0, min: null, max: null, mean: null, last: null });
  });
});

describe('explorer state', () => {
  it('picks the finest step within 1,000 points', () => {
    expect(autoStep(3_600_000)).toBe('1m');
    expect(autoStep(24 * 3_600_000)).toBe('5m');
    expect(autoStep(7 * 86_400_000)).toBe('1h');
    expect(autoStep(90 * 86_400_000)).toBe('1d');
  });

  it('keeps label filters as a JSON object and drops what is not one', () => {
    expect(parseLabels('{"region":"eu","n":1}')).toEqual({ region: 'eu' });
    expect(parseLabels('[1]')).toEqual({});
    expect(parseLabels('{oops')).toEqual({});
    expect(encodeLabels({})).toBeUndefined();
    expect(encodeLabels({ region: 'eu' })).toBe('{"region":"eu"}');
  });

  it('builds the query: nothing before a metric is chosen, then the window, step and filters', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(explorerQuery(decodeState(EXPLORER_PARAMS, {}), now)).toBeNull();
    const s = decodeState(EXPLORER_PARAMS, {
      name: 'latency',
      labels: '{"model":"gpt-4o"}',
      agg: 'p90',
      group_by: 'region',
      range: '24h',
    });
    expect(explorerQuery(s, now)).toEqual({
      name: 'latency',
      from: '2025-12-31T12:00:00.000Z',
      to: '2026-01-01T12:00:00.000Z',
      step: '5m',
      agg: 'p90',
      labels: '{"model":"gpt-4o"}',
      group_by: 'region',
    });
  });
});

describe('usageByModel', () => {
  it('turns daily records into per-model series, most expensive model first, and totals', () => {
    const model = (m: string | null, total: number, cost: number) => ({
      model: m,
      inputUsage: total - 1,
      outputUsage: 1,
      totalUsage: total,
      countTraces: 1,
      countObservations: 2,
      totalCost: cost,
    });
    const usage = usageByModel([
      { date: '2026-03-02', countTraces: 2, countObservations: 4, totalCost: 3, usage: [model('gpt-4o', 100, 3)] },
      {
        date: '2026-03-01',
        countTraces: 3,
        countObservations: 6,
        totalCost: 1.5,
        usage: [model('gpt-4o', 10, 1), model(null, 5, 0), model('claude', 20, 0.5)],
      },
    ]);
    expect(usage.days).toEqual(['2026-03-01', '2026-03-02']);
    expect(usage.xs).toEqual([Date.parse('2026-03-01T00:00:00Z') / 1000, Date.parse('2026-03-02T00:00:00Z') / 1000]);
    expect(usage.models).toEqual(['gpt-4o', 'claude', NO_MODEL]);
    expect(usage.cost).toEqual([
      [1, 3],
      [0.5, 0],
      [0, 0],
    ]);
    expect(usage.tokens[0]).toEqual([10, 100]);
    expect(usage.totals[0]).toEqual({ model: 'gpt-4o', input: 108, output: 2, total: 110, cost: 4, observations: 4 });
  });

  it('draws every day of the range, 0 where a day has no usage', () => {
    const usage = usageByModel(
      [
        {
          date: '2026-03-02',
          countTraces: 1,
          countObservations: 1,
          totalCost: 2,
          usage: [
            {
              model: 'm',
              inputUsage: 1,
              outputUsage: 1,
              totalUsage: 2,
              countTraces: 1,
              countObservations: 1,
              totalCost: 2,
            },
          ],
        },
      ],
      { from: '2026-02-28T15:00:00.000Z', to: '2026-03-03T09:00:00.000Z' },
    );
    expect(usage.days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    expect(usage.cost).toEqual([[0, 0, 2, 0]]);
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});
