import { withReadTimeout } from '@spanhouse/db';
import { type BaseEnv, compressJson, mountRoutes } from '@spanhouse/http';
import type { Hono } from 'hono';
import type { QueryDeps } from './deps.ts';
import { LANGFUSE_METRICS_ENDPOINTS, langfuseMetricsRoutes } from './routes/langfuse-metrics.ts';
import { LANGFUSE_READ_ENDPOINTS, langfuseReadRoutes } from './routes/langfuse-reads.ts';
import { METRIC_LABELS_ENDPOINTS, metricLabelRoutes } from './routes/metric-labels.ts';
import { METRICS_QUERY_ENDPOINTS, metricsRoutes } from './routes/metrics.ts';
import { PROJECT_ENDPOINTS, projectRoutes } from './routes/projects.ts';
import { PROMETHEUS_ADMIN_ENDPOINTS, PROMETHEUS_ENDPOINTS, prometheusRoutes } from './routes/prometheus.ts';
import { SCORE_CONFIG_ENDPOINTS, scoreConfigRoutes } from './routes/score-configs.ts';
import { SCORE_READ_ENDPOINTS, scoreRoutes } from './routes/scores.ts';
import { TRACE_ENDPOINTS, traceRoutes } from './routes/traces.ts';
import { USAGE_ENDPOINTS, usageRoutes } from './routes/usage.ts';
import { WEB_UI_ENDPOINTS, webUiRoutes } from './routes/web-ui.ts';

/**
 * Adds every query route, with its OpenAPI entries, to an app made by createBaseApp, and the web
 * UI at `/`. A new resource: a routes module exporting its Hono sub-app and its entries, mounted
 * here (docs/adding-an-endpoint.md). JSON answers of the Prometheus API and /api/public/* are
 * gzipped for clients that accept it (compressJson).
 */
export function registerQueryRoutes(app: Hono<BaseEnv>, unbounded: QueryDeps): Hono<BaseEnv> {
  // Every read of these routes is bounded (QUERY_TIMEOUT_MS); PromQL's by its own timeout.
  const deps = { ...unbounded, db: withReadTimeout(unbounded.db, unbounded.config.queryTimeoutMs) };
  // Before the routes, so it wraps their answers: gzip for large JSON (decision 0089).
  app.use('/prometheus/*', compressJson());
  app.use('/api/public/*', compressJson());
  mountRoutes(app, traceRoutes(deps), TRACE_ENDPOINTS);
  mountRoutes(app, usageRoutes(deps), USAGE_ENDPOINTS);
  mountRoutes(app, metricsRoutes(deps), METRICS_QUERY_ENDPOINTS);
  mountRoutes(app, metricLabelRoutes(deps), METRIC_LABELS_ENDPOINTS);
  mountRoutes(app, prometheusRoutes(deps), [...PROMETHEUS_ENDPOINTS, ...PROMETHEUS_ADMIN_ENDPOINTS]);
  mountRoutes(app, scoreRoutes(deps), SCORE_READ_ENDPOINTS);
  mountRoutes(app, scoreConfigRoutes(deps), SCORE_CONFIG_ENDPOINTS);
  mountRoutes(app, langfuseReadRoutes(deps), LANGFUSE_READ_ENDPOINTS);
  mountRoutes(app, langfuseMetricsRoutes(deps), LANGFUSE_METRICS_ENDPOINTS);
  mountRoutes(app, projectRoutes(deps), PROJECT_ENDPOINTS);
  mountRoutes(app, webUiRoutes(deps), WEB_UI_ENDPOINTS);
  return app;
}
