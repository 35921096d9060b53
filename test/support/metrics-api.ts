import { MetricsQueryResponse, safeParse } from '@spanhouse/schema';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { OracleQuery } from './metrics-oracle.ts';

export type Point = { name: string; labels?: Record<string, string>; value: number; timestamp: string };

/** ms since the epoch of an ISO string (test data is written in ISO for readability). */
export const ms = (iso: string) => Date.parse(iso);
export const iso = (t: number) => new Date(t).toISOString();
/** The service's timestamp format. */
export const out = (t: number | string) =>
  `${new Date(typeof t === 'string' ? Date.parse(t) : t).toISOString().slice(0, -1)}+00:00`;

/** Stores points through POST /v1/metrics/batch and expects them acknowledged. */
export async function ingest(app: TestApp, metrics: Point[]): Promise<void> {
  const res = await app.post('/v1/metrics/batch', { metrics });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.count).toBe(metrics.length);
}

export type QueryArgs = {
  name?: string;
  from?: string;
  to?: string;
  labels?: Record<string, unknown> | string;
  step?: string;
  agg?: string;
  group_by?: string;
};

export function queryPath(q: QueryArgs): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return `/api/public/metrics/query?${params}`;
}

/** GET the query; expects 200 and a body of the documented shape. */
export async function query(app: TestApp, q: QueryArgs): Promise<MetricsQueryResponse> {
  const res = await app.get(queryPath(q));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = safeParse(MetricsQueryResponse, res.body);
  expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
  return res.body as MetricsQueryResponse;
}

/** Values of a single-series answer as [timestamp, value] pairs. */
export function pairs(res: MetricsQueryResponse, series = 0): [string, number | null][] {
  return (res.data[series]?.values ?? []).map((p) => [p.timestamp, p.value]);
}

/** An oracle query (millisecond-precise bounds) through GET /api/public/metrics/query. */
export const queryOracle = (app: TestApp, q: OracleQuery) =>
  query(app, {
    name: q.name,
    from: new Date(q.fromUs / 1000).toISOString(),
    to: new Date(q.toUs / 1000).toISOString(),
    labels: q.labels,
    step: q.step,
    agg: q.agg,
    group_by: q.groupBy,
  });
