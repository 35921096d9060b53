import type { Env, Hono } from 'hono';
import type { Logger } from 'pino';
import { auth, type Credentials } from './auth.ts';
import { ApiError } from './errors.ts';
import type { ServiceMetrics } from './metrics.ts';

/**
 * Resolves to undefined when ready, to a reason a client may read when not (no internals), or to
 * `{ note }` when ready with something an operator should know (answered with 200).
 */
export type ReadinessCheck = () => Promise<string | undefined | { note: string }>;

const READY_TIMEOUT_MS = 3_000;

/**
 * GET /readyz (no auth, like /healthz: load balancers and orchestrators probe without
 * credentials, and it tells nothing but ready or not) and GET /metrics (Bearer
 * API_BEARER_TOKEN: Prometheus sends it with `authorization: {credentials: ...}`; the counts
 * describe traffic and are not for anonymous eyes).
 */
export function registerOpsRoutes<E extends Env>(
  app: Hono<E>,
  deps: { logger: Logger; credentials: Credentials; metrics?: ServiceMetrics; ready?: ReadinessCheck },
): void {
  app.get('/readyz', async (c) => {
    let state: Awaited<ReturnType<ReadinessCheck>>;
    try {
      state = deps.ready ? await withTimeout(deps.ready(), READY_TIMEOUT_MS) : undefined;
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      state = 'ClickHouse did not answer';
    }
    if (typeof state === 'string') throw new ApiError('SERVICE_UNAVAILABLE', `not ready: ${state}`, 5);
    return c.json(state ? { status: 'ready', note: state.note } : { status: 'ready' });
  });
  const metrics = deps.metrics;
  if (metrics) {
    app.get('/metrics', auth(deps.credentials, { allowBasic: false }), async (c) => {
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
