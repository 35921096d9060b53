import { type BaseEnv, mountRoutes } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { IngestDeps } from './deps.ts';
import { BATCH_ENDPOINTS, batchRoutes } from './routes/batch.ts';
import { METRICS_BATCH_ENDPOINTS, metricsBatchRoutes } from './routes/metrics-batch.ts';
import { OTLP_ENDPOINTS, otlpRoutes } from './routes/otlp.ts';

/**
 * Adds every ingest route, with its OpenAPI entries, to an app made by createBaseApp. A new
 * resource: a routes module exporting its Hono sub-app and its entries, mounted here.
 */
export function registerIngestRoutes(app: Hono<BaseEnv>, deps: IngestDeps): Hono<BaseEnv> {
  mountRoutes(app, batchRoutes(deps), BATCH_ENDPOINTS);
  mountRoutes(app, otlpRoutes(deps), OTLP_ENDPOINTS);
  mountRoutes(app, metricsBatchRoutes(deps), METRICS_BATCH_ENDPOINTS);
  return app;
}
