import { type Db, ProjectParams } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import {
  encodeObservationsTsv,
  encodeSeriesTsv,
  OBSERVATION_COLUMNS,
  SERIES_COLUMNS,
  type SeriesRow,
  TABLES,
} from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePromQL } from '../../src/prometheus/parse.ts';
import { plan } from '../../src/prometheus/plan.ts';

/*
 * The SQL the PromQL planner generates (plan.ts over samples-sql.ts, range-functions.ts,
 * aggregations.ts), as snapshots (__snapshots__/plan-sql.test.ts.snap), so a change to a query
 * shows in review. The planner looks the selected series up first, so they are stored in a real
 * database of this file; the snapshots hold the SQL, its parameters and the labels of each id.
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb('promql_plan_sql');
  const series: SeriesRow[] = [
    { project_id: 'spanhouse', name: 'http_requests_total', series_id: '11', labels: { host: 'a', code: '200' } },
    { project_id: 'spanhouse', name: 'http_requests_total', series_id: '12', labels: { host: 'b', code: '500' } },
    { project_id: 'spanhouse', name: 'latency_bucket', series_id: '21', labels: { le: '0.1' } },
    { project_id: 'spanhouse', name: 'latency_bucket', series_id: '22', labels: { le: '+Inf' } },
  ];
  await db.insertText({
    table: TABLES.metricSeries,
    columns: SERIES_COLUMNS,
    format: 'TabSeparated',
    text: encodeSeriesTsv(series),
  });
  const generation = {
    project_id: 'spanhouse',
    trace_id: 't',
    id: 'o',
    type: [1, 'GENERATION'],
    name: [1, 'chat'],
    start_time: [1, 1_772_359_200_000_000],
    end_time: [1, 1_772_359_201_000_000],
    parent_id: [0, ''],
    model: [1, 'gpt-4o', 0.0000025, 0.00001],
    input: [0, ''],
    output: [0, ''],
    metadata: {},
    usage: [1, { input: 10, output: 5, total: 15 }],
    cost: [0, {}],
    fields: {},
  } as const;
  await db.insertText({
    table: TABLES.observationPieces,
    columns: OBSERVATION_COLUMNS,
    format: 'TabSeparated',
    text: encodeObservationsTsv([structuredClone(generation) as never]),
  });
});
afterAll(() => db?.close());

const GRID = { startMs: Date.UTC(2026, 2, 1, 10), stepMs: 60_000, steps: 10 };

async function planned(query: string) {
  const p = new ProjectParams('spanhouse');
  const out = await plan(parsePromQL(query), { db, grid: GRID, p });
  if (out.kind === 'scalar') return out;
  return {
    sql: out.sql.replace(/\s+/g, ' ').trim(),
    params: p.params,
    labels: [...out.labels].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

describe('the PromQL planner SQL', () => {
  for (const query of [
    'http_requests_total{host="a"}',
    'rate(http_requests_total[5m])',
    'rate(http_requests_total[30s])',
    'sum by (host) (rate(http_requests_total[5m]))',
    'quantile by (code) (0.9, http_requests_total)',
    'avg_over_time(http_requests_total[1m] offset 1m)',
    'http_requests_total > 1',
    'http_requests_total @ 1772359200',
    'sum by (le) (rate(latency_bucket[5m]))',
    'sum by (model) (spanhouse_llm_input_tokens)',
    '1 + 2',
  ]) {
    it(query, async () => {
      expect(await planned(query)).toMatchSnapshot();
    });
  }
});
