import { Hono } from 'hono';
import type { Logger } from 'pino';
import { auth, type Credentials } from './auth.ts';
import { notFound, onError } from './errors.ts';
import { lingerOnUnreadBody } from './linger.ts';
import { type LogVariables, requestLogger } from './logging.ts';
import { type ReadinessCheck, registerOpsRoutes } from './ops-routes.ts';
import { requestMetrics, type ServiceMetrics } from './self-metrics.ts';

export type BaseEnv = { Variables: LogVariables };

/**
 * The frame every entry point shares (ingest, query, all-in-one): request ids and logs, the one
 * JSON error model for errors and unknown routes, /healthz, /readyz and /openapi.json without
 * auth, /metrics with Bearer, Bearer on /v1/*, and
 * Bearer or Basic on /api/public/* (the OTLP endpoint and the Langfuse clients use Basic) and on
 * /prometheus/* (Grafana's Prometheus data source and remote-write senders offer both).
 * Apps add their routes to it.
 */
export function createBaseApp(deps: {
  logger: Logger;
  credentials: Credentials;
  /** Prometheus metrics: request counts and durations, served on GET /metrics. */
  metrics?: ServiceMetrics;
  /** What GET /readyz checks (ClickHouse answers; ingest writes succeed). */
  ready?: ReadinessCheck;
}): Hono<BaseEnv> {
  const app = new Hono<BaseEnv>();
  app.onError(onError(deps.logger));
  app.notFound(notFound);
  app.use('*', lingerOnUnreadBody());
  app.use('*', requestLogger(deps.logger));
  if (deps.metrics) app.use('*', requestMetrics(deps.metrics));
  registerOpsRoutes(app, deps);
  app.use('/v1/*', auth(deps.credentials, { allowBasic: false }));
  app.use('/api/public/*', auth(deps.credentials, { allowBasic: true }));
  app.use('/prometheus/*', auth(deps.credentials, { allowBasic: true }));
  return app;
}
