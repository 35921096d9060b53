import type { BaseEnv } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { IngestDeps } from './deps.ts';
import { batchRoutes } from './routes/batch.ts';
import { ingestionRoutes } from './routes/ingestion.ts';
import { metricsBatchRoutes } from './routes/metrics-batch.ts';
import { otlpRoutes } from './routes/otlp.ts';
import { scoreWriteRoutes } from './routes/scores.ts';

/** Adds every ingest route to an app made by createBaseApp. */
export function registerIngestRoutes(app: Hono<BaseEnv>, deps: IngestDeps): Hono<BaseEnv> {
  app.route('/', batchRoutes(deps));
  app.route('/', otlpRoutes(deps));
  app.route('/', metricsBatchRoutes(deps));
  app.route('/', ingestionRoutes(deps));
  app.route('/', scoreWriteRoutes(deps));
  return app;
}
