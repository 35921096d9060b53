import { Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';

/** GET /api/public/metrics/query and /api/public/metrics/names (issue 4). */
export function metricsRoutes(_deps: QueryDeps) {
  return new Hono();
}
