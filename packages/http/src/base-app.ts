import { Hono } from 'hono';
import type { Logger } from 'pino';
import { type Authenticate, auth, type Principal } from './auth.ts';
import { type ExplainError, notFound, onError } from './errors.ts';
import { lingerOnUnreadBody } from './linger.ts';
import { type LogVariables, requestLogger } from './logging.ts';
import { type ReadinessCheck, registerOpsRoutes } from './ops-routes.ts';
import { requestMetrics, type ServiceMetrics } from './self-metrics.ts';

export type BaseEnv = { Variables: LogVariables & { principal: Principal } };

/**
 * The frame every entry point shares (ingest, query, all-in-one): request ids and logs, the one
 * JSON error model for errors and unknown routes, /healthz, /readyz and /openapi.json without
 * auth, /metrics with the bearer token, and `authenticate` on /v1/*, /api/public/* and
 * /prometheus/*: the bearer token (the admin) or a project's key pair as HTTP Basic (the Langfuse
 * clients, OTLP exporters, Grafana's Prometheus data source and remote-write senders send Basic;
 * the environment's pair, as before projects, not on /v1/*).
 * Apps add their routes to it; each reads its project with projectOf.
 */
export function createBaseApp(deps: {
  logger: Logger;
  /** The credential check (packages/projects: the key ring). */
  authenticate: Authenticate;
  /** Prometheus metrics: request counts and durations, served on GET /metrics. */
  metrics?: ServiceMetrics;
  /** What GET /readyz checks (ClickHouse answers; ingest writes succeed). */
  ready?: ReadinessCheck;
  /** Answers of their own for errors of the apps' dependencies (the query API's read time bound). */
  explainError?: ExplainError;
}): Hono<BaseEnv> {
  const app = new Hono<BaseEnv>();
  app.onError(onError(deps.logger, deps.explainError));
  app.notFound(notFound);
  app.use('*', lingerOnUnreadBody());
  app.use('*', requestLogger(deps.logger));
  if (deps.metrics) app.use('*', requestMetrics(deps.metrics));
  registerOpsRoutes(app, deps);
  app.use('/v1/*', auth(deps.authenticate, { environmentPair: false }));
  app.use('/api/public/*', auth(deps.authenticate));
  app.use('/prometheus/*', auth(deps.authenticate));
  return app;
}
