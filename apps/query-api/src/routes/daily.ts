import { queryObject, validate } from '@spanhouse/http';
import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { dailyMetrics } from '../traces/daily.ts';
import { DailyParams } from '../traces/params.ts';

/** GET /api/public/metrics/daily. */
export function dailyRoutes(deps: QueryDeps) {
  return new Hono().get('/api/public/metrics/daily', async (c) => {
    const params = validate(DailyParams, queryObject(c));
    return c.json(await dailyMetrics(deps.db, params, c.req.raw.signal));
  });
}
