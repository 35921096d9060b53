import { describe, expect, it } from 'vitest';
import {
  MAX_METRIC_SERIES_PER_SERIES_READ,
  MAX_ONE_THREAD_SERIES_MINUTES,
  MAX_PLAIN_SAMPLES_SERIES_MINUTES,
  MIN_MINUTE_ROWS_SERIES_MINUTES,
  planBuckets,
  planPresence,
  readIds,
} from '../../src/metrics/plan.ts';
import { queryWindow } from '../../src/metrics/window.ts';

const START_US = Date.UTC(2026, 0, 1) * 1000;
/** A window of `minutes` whole minutes (its end inclusive, so the last minute counts whole). */
const minutes = (n: number, offsetUs = 0) =>
  queryWindow({ fromUs: START_US + offsetUs, toUs: START_US + offsetUs + n * 60e6 - 1 });

describe('planBuckets', () => {
  const read = { agg: 'sum' as const, metricSeries: 10 };

  it('reads the per-minute rows from MIN_MINUTE_ROWS_SERIES_MINUTES on, and the samples below', () => {
    const at = MIN_MINUTE_ROWS_SERIES_MINUTES / 10;
    expect(planBuckets({ ...read, seriesRead: 10, window: minutes(at) }).sources).toEqual([
      'minute-rows',
      'samples',
      'samples-final',
    ]);
    expect(planBuckets({ ...read, seriesRead: 10, window: minutes(at - 1) }).sources).toEqual([
      'samples',
      'samples-final',
    ]);
    // Only whole minutes count: the same length shifted by half a minute has one fewer.
    expect(planBuckets({ ...read, seriesRead: 10, window: minutes(at, 30e6) }).sources[0]).toBe('samples');
    // Tests lower the threshold to read the rows whenever they apply.
    expect(planBuckets({ ...read, seriesRead: 1, window: minutes(1), minSeriesMinutes: 0 }).sources[0]).toBe(
      'minute-rows',
    );
  });

  it('never reads the per-minute rows for percentiles or for a window without a whole minute', () => {
    for (const agg of ['p50', 'p90', 'p99'] as const)
      expect(planBuckets({ ...read, agg, seriesRead: 10, window: minutes(10_000) }).sources[0]).toBe('samples');
    const short = queryWindow({ fromUs: START_US + 1, toUs: START_US + 60e6 });
    expect(short.minutes).toBeUndefined();
    expect(planBuckets({ ...read, seriesRead: 10, window: short, minSeriesMinutes: 0 }).sources).toEqual([
      'samples',
      'samples-final',
    ]);
  });

  it('tries the samples without FINAL up to MAX_PLAIN_SAMPLES_SERIES_MINUTES, and ends with FINAL', () => {
    const n = MAX_PLAIN_SAMPLES_SERIES_MINUTES / 100;
    expect(planBuckets({ agg: 'p99', metricSeries: 100, seriesRead: 100, window: minutes(n) }).sources).toEqual([
      'samples',
      'samples-final',
    ]);
    expect(planBuckets({ agg: 'p99', metricSeries: 100, seriesRead: 100, window: minutes(n + 1) }).sources).toEqual([
      'samples-final',
    ]);
  });

  it("needs a share of the metric's series for the per-minute rows, larger when the samples need FINAL", () => {
    const { plain, final } = MAX_METRIC_SERIES_PER_SERIES_READ;
    const small = minutes(MIN_MINUTE_ROWS_SERIES_MINUTES); // one series: a plain read of the samples
    expect(planBuckets({ ...read, seriesRead: 1, metricSeries: plain, window: small }).sources[0]).toBe('minute-rows');
    expect(planBuckets({ ...read, seriesRead: 1, metricSeries: plain + 1, window: small }).sources[0]).toBe('samples');
    const large = minutes(MAX_PLAIN_SAMPLES_SERIES_MINUTES + 1); // one series: the samples need FINAL
    expect(planBuckets({ ...read, seriesRead: 1, metricSeries: final, window: large }).sources).toEqual([
      'minute-rows',
      'samples-final',
    ]);
    expect(planBuckets({ ...read, seriesRead: 1, metricSeries: final + 1, window: large }).sources).toEqual([
      'samples-final',
    ]);
  });

  it('runs reads of up to MAX_ONE_THREAD_SERIES_MINUTES on one thread', () => {
    const n = MAX_ONE_THREAD_SERIES_MINUTES / 10;
    expect(planBuckets({ ...read, seriesRead: 10, window: minutes(n) }).oneThread).toBe(true);
    expect(planBuckets({ ...read, seriesRead: 10, window: minutes(n + 1) }).oneThread).toBe(false);
  });
});

describe('planPresence', () => {
  it("reads the per-minute rows for a window with whole minutes and a plain read's share of series", () => {
    const { plain } = MAX_METRIC_SERIES_PER_SERIES_READ;
    expect(planPresence({ seriesRead: 2, metricSeries: 2 * plain, window: minutes(1) }).source).toBe('minute-rows');
    expect(planPresence({ seriesRead: 2, metricSeries: 2 * plain + 1, window: minutes(1) }).source).toBe('samples');
    const short = queryWindow({ fromUs: START_US + 1, toUs: START_US + 60e6 });
    expect(planPresence({ seriesRead: 2, metricSeries: 2, window: short }).source).toBe('samples');
  });

  it('runs small reads on one thread', () => {
    expect(
      planPresence({ seriesRead: 1, metricSeries: 1, window: minutes(MAX_ONE_THREAD_SERIES_MINUTES) }).oneThread,
    ).toBe(true);
    expect(
      planPresence({ seriesRead: 2, metricSeries: 2, window: minutes(MAX_ONE_THREAD_SERIES_MINUTES) }).oneThread,
    ).toBe(false);
  });
});

describe('readIds', () => {
  it('filters by ids unless the read covers every series of the metric without a label filter', () => {
    expect(readIds(false, [1n, 2n], 2)).toBeUndefined();
    expect(readIds(true, [1n, 2n], 2)).toEqual([1n, 2n]);
    expect(readIds(false, [1n], 2)).toEqual([1n]);
  });
});

describe('queryWindow', () => {
  it('clamps the bounds to what can be stored and finds the whole minutes', () => {
    const w = queryWindow({ fromUs: START_US + 30e6, toUs: START_US + 3 * 60e6 });
    expect(w.minutes).toEqual({ first: START_US / 60e6 + 1, end: START_US / 60e6 + 3 });
    expect(w.lengthMinutes).toBe(2.5);
    expect(queryWindow({ fromUs: -5, toUs: 1e17 }).fromUs).toBe(0);
  });
});
