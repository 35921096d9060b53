import { type Endpoint, projectOf, queryObject, validate } from '@spanhouse/http';
import { DailyResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { resultCachesApply } from '../lifecycle.ts';
import { dailyUsage } from '../usage/daily.ts';
import { DailyParams } from '../usage/params.ts';

export const USAGE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/metrics/daily',
    summary: 'Usage and cost per UTC day and model; nocache=1 skips the per-day cache',
    tag: 'usage',
    auth: 'bearer-or-basic',
    query: DailyParams,
    responses: { 200: { description: 'A page of days, newest first', json: DailyResponse } },
  },
];

/** GET /api/public/metrics/daily: usage and cost per day and model (not a time-series endpoint). */
export function usageRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics/daily', async (c) => {
    const params = validate(DailyParams, queryObject(c));
    // nocache=1 computes every day afresh, as the PromQL range query's parameter of the same name.
    const nocache = c.req.query('nocache') === '1' || c.req.query('nocache') === 'true';
    const project = projectOf(c);
    const cache = nocache || !resultCachesApply(deps, project) ? undefined : deps.dailyCache;
    return c.json(await dailyUsage(deps.db, project, params, { cache, signal: c.req.raw.signal }));
  });
}
