import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';

/** POST /v1/metrics/batch (issue 4). */
export function metricsBatchRoutes(_deps: IngestDeps) {
  return new Hono();
}
