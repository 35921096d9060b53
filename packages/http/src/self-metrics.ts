import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Self-metrics: the service's own Prometheus metrics (requests, query durations, process), in
 * Prometheus text format on GET /metrics. Not to be confused with the time series clients store
 * (the apps' metrics/ folders) or daily usage (apps/query-api/src/usage). One registry per service
 * instance (not prom-client's global one), so several apps in one test process do not mix their
 * counts; a module with more to report registers its own metrics on `registry` (the ingest log:
 * apps/ingest-api/src/log-sink/log-metrics.ts). Label values are bounded: routes are the
 * registered patterns (never raw paths) and query tags come from code, so no client can grow the
 * series count.
 */
export type ServiceMetrics = {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  queryDuration: Histogram<'query' | 'outcome'>;
  /** Records one ClickHouse read (tag = its log_comment). */
  observeQuery(tag: string, seconds: number, ok: boolean): void;
};

export function createServiceMetrics(opts: { processMetrics?: boolean } = {}): ServiceMetrics {
  const registry = new Registry();
  if (opts.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const queryDuration = new Histogram({
    name: 'spanhouse_query_duration_seconds',
    help: 'ClickHouse read duration by query tag (log_comment) and outcome',
    labelNames: ['query', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'spanhouse_http_requests_total',
      help: 'HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'spanhouse_http_request_duration_seconds',
      help: 'HTTP request duration by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    queryDuration,
    observeQuery(tag, seconds, ok) {
      queryDuration.observe({ query: tag, outcome: ok ? 'ok' : 'error' }, seconds);
    },
  };
}

/** The route pattern that answered (`/api/public/traces/:traceId`), or `unmatched` for 404s. */
export function routeLabel(c: Parameters<MiddlewareHandler>[0]): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== 'ALL');
  return handlers.at(-1)?.path ?? 'unmatched';
}

/** Counts and times every request by route pattern and status. */
export function requestMetrics(metrics: ServiceMetrics): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const route = routeLabel(c);
      metrics.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
      metrics.httpDuration.observe({ method: c.req.method, route }, (performance.now() - start) / 1000);
    }
  };
}
