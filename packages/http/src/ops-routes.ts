import { HealthResponse, LangfuseHealthResponse, OpenApiDocument, ReadyResponse } from '@spanhouse/schema';
import type { Env, Hono } from 'hono';
import type { Logger } from 'pino';
import { type Authenticate, auth } from './auth.ts';
import { ApiError } from './errors.ts';
import { describedEndpoints, describeEndpoints, type Endpoint, openApiDocument } from './openapi.ts';
import type { ServiceMetrics } from './self-metrics.ts';

/** What a ready process tells beside its readiness (answered with 200). */
export type ReadyDetails = {
  /** Something an operator should know. */
  note?: string;
  /** The age of the oldest acknowledged row not yet readable (seconds), for a process that ingests. */
  ingestLagSeconds?: number;
  /** Why new ingest requests are refused while the process stays ready (low disk space); absent while ingest is taken. */
  ingestRefused?: string;
};

/**
 * Resolves to undefined or details when ready, or to a reason a client may read when not (no
 * internals).
 */
export type ReadinessCheck = () => Promise<string | undefined | ReadyDetails>;

const READY_TIMEOUT_MS = 3_000;

/** The service's version, as /openapi.json and Langfuse's health endpoint report it. */
export const SERVICE_VERSION = '0.1.0';

const OPS_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/healthz',
    summary: 'The process runs',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'Up', json: HealthResponse } },
  },
  {
    method: 'get',
    path: '/readyz',
    summary: 'ClickHouse answers and ingest writes succeed (503 otherwise)',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'Ready', json: ReadyResponse } },
  },
  {
    method: 'get',
    path: '/api/public/health',
    summary: "Langfuse's health check: ready as /readyz is (503 otherwise), with the version",
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'Ready', json: LangfuseHealthResponse } },
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1', json: OpenApiDocument } },
  },
];

const METRICS_ENDPOINT: Endpoint = {
  method: 'get',
  path: '/metrics',
  summary: "The service's own Prometheus metrics (self-metrics)",
  tag: 'operations',
  auth: 'bearer',
  responses: { 200: { description: 'Prometheus text format', other: { 'text/plain': 'Prometheus exposition' } } },
};

/**
 * GET /healthz, GET /readyz, GET /api/public/health and GET /openapi.json (no auth: load balancers
 * and orchestrators probe without credentials, readiness tells nothing but ready or not, and the
 * document describes the interface, not data; Langfuse's clients call its health check without
 * credentials too) and GET /metrics (Bearer API_BEARER_TOKEN: Prometheus sends it with
 * `authorization: {credentials: ...}`; the counts describe traffic and are not for anonymous eyes).
 */
export function registerOpsRoutes<E extends Env>(
  app: Hono<E>,
  deps: { logger: Logger; authenticate: Authenticate; metrics?: ServiceMetrics; ready?: ReadinessCheck },
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/openapi.json', (c) =>
    c.json(openApiDocument(describedEndpoints(app), { title: 'spanhouse', version: SERVICE_VERSION })),
  );
  describeEndpoints(app, OPS_ENDPOINTS);
  /** The readiness details, or a 503 with the reason when not ready. */
  const readiness = async (): Promise<ReadyDetails | undefined> => {
    let state: Awaited<ReturnType<ReadinessCheck>>;
    try {
      state = deps.ready ? await withTimeout(deps.ready(), READY_TIMEOUT_MS) : undefined;
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      state = 'ClickHouse did not answer';
    }
    if (typeof state === 'string') throw new ApiError('SERVICE_UNAVAILABLE', `not ready: ${state}`, 5);
    return state;
  };
  app.get('/readyz', async (c) => c.json({ status: 'ready' as const, ...(await readiness()) }));
  // Langfuse's shape ({status: "OK", version}); its 503 carries our error body, as every error does.
  app.get('/api/public/health', async (c) => {
    await readiness();
    return c.json({ status: 'OK' as const, version: SERVICE_VERSION });
  });
  const metrics = deps.metrics;
  if (metrics) {
    describeEndpoints(app, [METRICS_ENDPOINT]);
    app.get('/metrics', auth(deps.authenticate, { adminOnly: true }), async (c) => {
      const text = await metrics.registry.metrics();
      return c.body(text, 200, { 'Content-Type': metrics.registry.contentType });
    });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
