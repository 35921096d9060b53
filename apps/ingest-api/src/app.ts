import { type BaseEnv, mountRoutes } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { IngestDeps } from './deps.ts';
import { RecentWrites } from './log-sink/recent-writes.ts';
import { BATCH_ENDPOINTS, batchRoutes } from './routes/batch.ts';
import { LANGFUSE_INGESTION_ENDPOINTS, langfuseIngestionRoutes } from './routes/langfuse-ingestion.ts';
import { METRICS_BATCH_ENDPOINTS, metricsBatchRoutes } from './routes/metrics-batch.ts';
import { OTLP_LOGS_ENDPOINTS, otlpLogsRoutes } from './routes/otlp-logs.ts';
import { OTLP_METRICS_ENDPOINTS, otlpMetricsRoutes } from './routes/otlp-metrics.ts';
import { OTLP_TRACE_ENDPOINTS, otlpTraceRoutes } from './routes/otlp-traces.ts';
import { REMOTE_WRITE_ENDPOINTS, remoteWriteRoutes } from './routes/remote-write.ts';
import { SCORE_WRITE_ENDPOINTS, scoreWriteRoutes } from './routes/scores.ts';
import { TRACE_DELETION_ENDPOINTS, traceDeletionRoutes } from './routes/trace-deletions.ts';

/**
 * Adds every ingest route, with its OpenAPI entries, to an app made by createBaseApp. A new
 * resource: a routes module exporting its Hono sub-app and its entries, mounted here.
 */
export function registerIngestRoutes(app: Hono<BaseEnv>, deps: IngestDeps): Hono<BaseEnv> {
  mountRoutes(app, batchRoutes(deps), BATCH_ENDPOINTS);
  mountRoutes(app, otlpTraceRoutes(deps), OTLP_TRACE_ENDPOINTS);
  mountRoutes(app, otlpLogsRoutes(deps), OTLP_LOGS_ENDPOINTS);
  // Every metrics route shares the series ids it has seen (so does OTLP/gRPC: grpc/).
  const known = deps.knownSeries;
  mountRoutes(app, metricsBatchRoutes(deps, known), METRICS_BATCH_ENDPOINTS);
  mountRoutes(app, remoteWriteRoutes(deps, known), REMOTE_WRITE_ENDPOINTS);
  mountRoutes(app, otlpMetricsRoutes(deps), OTLP_METRICS_ENDPOINTS);
  // The Langfuse writes share what they acknowledged: an update or a delete may name it at once.
  const recent = new RecentWrites();
  mountRoutes(app, langfuseIngestionRoutes(deps, recent), LANGFUSE_INGESTION_ENDPOINTS);
  mountRoutes(app, scoreWriteRoutes(deps, recent), SCORE_WRITE_ENDPOINTS);
  mountRoutes(app, traceDeletionRoutes(deps), TRACE_DELETION_ENDPOINTS);
  return app;
}
