import { queryObject } from '@spanhouse/http';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { metricNames } from '../metrics/names.ts';
import { parseMetricsQuery } from '../metrics/params.ts';
import { runMetricsQuery } from '../metrics/query.ts';

/** GET /api/public/metrics/query and GET /api/public/metrics/names. */
export function metricsRoutes(deps: QueryDeps) {
  return new Hono()
    .get('/api/public/metrics/query', async (c) => {
      const q = parseMetricsQuery(queryObject(c), Date.now() * 1000);
      return c.json(await runMetricsQuery(deps.db, q, { signal: c.req.raw.signal, seriesCache: deps.seriesCache }));
    })
    .get('/api/public/metrics/names', async (c) => c.json({ data: await metricNames(deps.db, c.req.raw.signal) }));
}
