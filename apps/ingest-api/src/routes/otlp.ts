import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';

/** POST /api/public/otel/v1/traces (issue 3). */
export function otlpRoutes(_deps: IngestDeps) {
  return new Hono();
}
