import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Self-metrics: the service's own Prometheus metrics (requests, ingest buffer and flushes, query
 * durations, process), in Prometheus text format on GET /metrics. Not to be confused with the time
 * series clients store (the apps' metrics/ folders) or daily usage (apps/query-api/src/usage).
 * One registry per service instance (not prom-client's global one), so several apps in one test process do not
 * mix their counts. Label values are bounded: routes are the registered patterns (never raw
 * paths), tables and query tags come from code, so no client can grow the series count.
 */
export type ServiceMetrics = {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  rowsAccepted: Counter<'table'>;
  rowsRejected: Counter<'table' | 'reason'>;
  flushRows: Histogram<'table'>;
  flushDuration: Histogram<'table'>;
  flushFailures: Counter<'table'>;
  queryDuration: Histogram<'query' | 'outcome'>;
  /** Where the buffer gauges read their values at scrape time (table -> rows and approximate bytes held). */
  setBufferSource(source: () => Record<string, BufferLoad>): void;
  /** Records one ClickHouse read (tag = its log_comment). */
  observeQuery(tag: string, seconds: number, ok: boolean): void;
};

export type BufferLoad = { rows: number; bytes: number };

export function createServiceMetrics(opts: { processMetrics?: boolean } = {}): ServiceMetrics {
  const registry = new Registry();
  if (opts.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  let bufferSource: () => Record<string, BufferLoad> = () => ({});
  for (const [name, help, field] of [
    ['spanhouse_ingest_buffer_rows', 'Rows held in the ingest buffer (waiting plus being written), by table', 'rows'],
    ['spanhouse_ingest_buffer_bytes', 'Approximate bytes held in the ingest buffer, by table', 'bytes'],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['table'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [table, load] of Object.entries(bufferSource())) this.set({ table }, load[field]);
      },
    });
  }
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
    rowsAccepted: new Counter({
      name: 'spanhouse_ingest_rows_accepted_total',
      help: 'Rows committed to ClickHouse and acknowledged, by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    rowsRejected: new Counter({
      name: 'spanhouse_ingest_rows_rejected_total',
      help: 'Rows of requests the buffer refused or could not commit, by table and error code',
      labelNames: ['table', 'reason'] as const,
      registers: [registry],
    }),
    flushRows: new Histogram({
      name: 'spanhouse_ingest_flush_rows',
      help: 'Rows per insert (one flush of the group-commit buffer), by table',
      labelNames: ['table'] as const,
      buckets: [1, 10, 100, 1_000, 5_000, 20_000, 50_000, 100_000],
      registers: [registry],
    }),
    flushDuration: new Histogram({
      name: 'spanhouse_ingest_flush_duration_seconds',
      help: 'Duration of successful inserts, by table',
      labelNames: ['table'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    flushFailures: new Counter({
      name: 'spanhouse_ingest_flush_failures_total',
      help: 'Inserts that failed (each retry counts), by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    queryDuration,
    setBufferSource(source) {
      bufferSource = source;
    },
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
