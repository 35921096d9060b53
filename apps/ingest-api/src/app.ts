import type { BaseEnv } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { IngestDeps } from './deps.ts';
import { SeriesCache } from './metrics/series-cache.ts';
import { useMetricEncoders } from './metrics/store.ts';
import { batchRoutes } from './routes/batch.ts';
import { metricsBatchRoutes } from './routes/metrics-batch.ts';
import { otlpRoutes } from './routes/otlp.ts';
import { otlpMetricsRoutes } from './routes/otlp-metrics.ts';
import { remoteWriteRoutes } from './routes/remote-write.ts';

/** Adds every ingest route to an app made by createBaseApp. */
export function registerIngestRoutes(app: Hono<BaseEnv>, deps: IngestDeps): Hono<BaseEnv> {
  app.route('/', batchRoutes(deps));
  app.route('/', otlpRoutes(deps));
  // Every metrics route shares the series ids it has seen and the encoders of the samples tables.
  const seriesCache = new SeriesCache();
  useMetricEncoders(deps.ingestor);
  app.route('/', metricsBatchRoutes(deps, seriesCache));
  app.route('/', remoteWriteRoutes(deps, seriesCache));
  app.route('/', otlpMetricsRoutes(deps, seriesCache));
  return app;
}
