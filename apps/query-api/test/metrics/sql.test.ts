import { ProjectParams } from '@spanhouse/db';
import { METRIC_AGGS } from '@spanhouse/schema';
import { describe, expect, it } from 'vitest';
import { candidatesSql, labelsSql } from '../../src/metric-series/reader.ts';
import { samplesWhere, seriesCondition } from '../../src/metrics/filters.ts';
import type { MetricsQuery } from '../../src/metrics/params.ts';
import { aggExpr, bucketExpr } from '../../src/metrics/samples.ts';
import { queryWindow } from '../../src/metrics/window.ts';

const hostile = "x'); DROP TABLE metric_samples; --";
const q: MetricsQuery = {
  name: hostile,
  fromUs: -5,
  toUs: 1e17,
  labels: { [hostile]: hostile, '{p0:String}': '`' },
  step: '5m',
  agg: 'avg',
};

/** The one samples filter over the query's whole (clamped) window. */
const wholeWindow = (ids: bigint[], p: ProjectParams) => {
  const w = queryWindow(q);
  return samplesWhere(seriesCondition(q.name, ids, p), [{ fromUs: w.fromUs, toUs: w.toUs }], p);
};

describe('metrics SQL', () => {
  it('carries every value as a parameter, never in the SQL text', () => {
    const p = new ProjectParams(hostile);
    const sql = [
      candidatesSql({ ...q, groupBy: hostile }, p),
      labelsSql(q.name, [1n], p),
      wholeWindow([1n, 2n], p),
      bucketExpr(q, p),
    ].join('\n');
    expect(sql).not.toContain('DROP');
    expect(sql).not.toContain('`');
    expect(Object.values(p.params)).toContain(hostile);
    // The project, a hostile one too, is a parameter: every read of a series names it.
    expect(p.params.project).toBe(hostile);
    expect(sql.match(/project_id = \{project:String\}/g)?.length).toBe(3);
  });

  it('clamps the window to what DateTime64 stores', () => {
    const p = new ProjectParams(hostile);
    wholeWindow([], p);
    const times = Object.values(p.params).filter((v) => typeof v === 'string' && /^\d+\.\d{6}$/.test(v));
    // Ten digits of seconds: ClickHouse reads a shorter number as a YYYYMMDD date.
    expect(times).toEqual(['0000000000.000000', '7258118399.999999']);
  });

  it('has an expression for every aggregation, exact percentiles and a tie-broken last', () => {
    for (const agg of METRIC_AGGS) expect(aggExpr(agg, 'r')).toMatch(/\(value/);
    expect(aggExpr('last')).toBe('argMax(value, ts)');
    expect(aggExpr('p90', 'r')).toBe('quantileExactInclusive(0.9)(value)');
    expect(aggExpr('last', 'r')).toBe('argMax(value, (ts, r))');
  });

  it('buckets by one expression for every step, with the step as a parameter', () => {
    const p = new ProjectParams(hostile);
    expect(bucketExpr({ ...q, step: '1d' }, p)).toBe('intDiv(toUnixTimestamp64Micro(ts), {p0:Int64}) * {p1:Int64}');
    expect(p.params).toEqual({ project: hostile, p0: 86_400e6, p1: 86_400 });
  });
});
