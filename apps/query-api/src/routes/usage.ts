import { queryObject, validate } from '@spanhouse/http';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { dailyUsage } from '../usage/daily.ts';
import { DailyParams } from '../usage/params.ts';

/** GET /api/public/metrics/daily: usage and cost per day and model (not a time-series endpoint). */
export function usageRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics/daily', async (c) => {
    const params = validate(DailyParams, queryObject(c));
    return c.json(await dailyUsage(deps.db, params, c.req.raw.signal));
  });
}
