import { type Endpoint, projectOf, queryObject } from '@spanhouse/http';
import { LangfuseMetricsResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { parseMetricsQuery } from '../langfuse-metrics/params.ts';
import { runLangfuseMetrics } from '../langfuse-metrics/query.ts';

export const LANGFUSE_METRICS_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/metrics',
    summary: "Langfuse's Metrics API v1: traces, observations or scores grouped and aggregated over a window",
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    query: v.object({
      query: v.pipe(
        v.string(),
        v.description(
          'JSON: {view, metrics, fromTimestamp, toTimestamp, dimensions?, filters?, timeDimension?, orderBy?, config?: {row_limit?, bins?}}',
        ),
      ),
    }),
    responses: { 200: { description: 'One row per group', json: LangfuseMetricsResponse } },
  },
];

/** GET /api/public/metrics: Langfuse's Metrics API v1 over the request's project. */
export function langfuseMetricsRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics', async (c) => {
    const q = parseMetricsQuery(queryObject(c).query);
    return c.json(await runLangfuseMetrics(deps.db, projectOf(c), q, c.req.raw.signal));
  });
}
