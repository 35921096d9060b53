import { type Endpoint, projectOf, queryObject } from '@spanhouse/http';
import { MetricNamesResponse, MetricsQueryParams, MetricsQueryResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { metricNames } from '../metric-series/reader.ts';
import { parseMetricsQuery } from '../metrics/params.ts';
import { runMetricsQuery } from '../metrics/query.ts';

export const METRICS_QUERY_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/metrics/query',
    summary: 'A metric bucketed, aggregated, filtered by labels and grouped',
    tag: 'metrics',
    auth: 'bearer-or-basic',
    query: MetricsQueryParams,
    responses: { 200: { description: 'The series, at most 50 of at most 1000 points', json: MetricsQueryResponse } },
  },
  {
    method: 'get',
    path: '/api/public/metrics/names',
    summary: 'Every stored metric name',
    tag: 'metrics',
    auth: 'bearer-or-basic',
    responses: { 200: { description: 'The names, sorted', json: MetricNamesResponse } },
  },
];

/** GET /api/public/metrics/query and GET /api/public/metrics/names. */
export function metricsRoutes(deps: QueryDeps) {
  return new Hono()
    .get('/api/public/metrics/query', async (c) => {
      const q = parseMetricsQuery(queryObject(c), Date.now() * 1000);
      return c.json(
        await runMetricsQuery(deps.db, projectOf(c), q, { signal: c.req.raw.signal, seriesCache: deps.seriesCache }),
      );
    })
    .get('/api/public/metrics/names', async (c) =>
      c.json({ data: await metricNames(deps.db, projectOf(c), c.req.raw.signal) }),
    );
}
