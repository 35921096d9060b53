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
  /** OTLP/gRPC calls by method (the service path) and status code name. */
  grpcRequests: Counter<'method' | 'code'>;
  grpcDuration: Histogram<'method'>;
  rowsAccepted: Counter<'table'>;
  rowsRejected: Counter<'table' | 'reason'>;
  flushRows: Histogram<'table'>;
  flushDuration: Histogram<'table'>;
  flushFailures: Counter<'table'>;
  queryDuration: Histogram<'query' | 'outcome'>;
  deadLetterRows: Counter<'table'>;
  /** Where the ingest log gauges read their values at scrape time. */
  setIngestLogSource(source: () => IngestLogGauges): void;
  /** Records one group commit of the ingest log (a write and an fdatasync). */
  observeLogSync(seconds: number, ok: boolean): void;
  /** Records one ClickHouse read (tag = its log_comment). */
  observeQuery(tag: string, seconds: number, ok: boolean): void;
};

/** The ingest log's state, as the gauges read it (structurally the ingest app's IngestLogStatus). */
export type IngestLogGauges = {
  logBytes: number;
  maxBytes: number;
  uncommittedRecords: number;
  backlogAgeMs: number;
  replay: { records: number; replayed: number; tornTails: number; corruptSegments: number };
};

const LOG_GAUGES: [string, string, (s: IngestLogGauges) => number][] = [
  ['spanhouse_ingest_log_bytes', 'Bytes of the ingest log on disk (its segments)', (s) => s.logBytes],
  ['spanhouse_ingest_log_budget_bytes', 'Disk budget of the ingest log (INGEST_LOG_MAX_BYTES)', (s) => s.maxBytes],
  [
    'spanhouse_ingest_log_uncommitted_records',
    'Records acknowledged into the ingest log and not yet committed to ClickHouse by every table',
    (s) => s.uncommittedRecords,
  ],
  [
    'spanhouse_ingest_log_backlog_age_seconds',
    'Age of the oldest row read from the ingest log and waiting for its insert',
    (s) => s.backlogAgeMs / 1000,
  ],
  [
    'spanhouse_ingest_log_replay_records',
    'Records found in the ingest log at start that were not yet committed (replayed)',
    (s) => s.replay.records,
  ],
  [
    'spanhouse_ingest_log_replayed_records',
    'Of the records to replay at start, those read back so far',
    (s) => s.replay.replayed,
  ],
  [
    'spanhouse_ingest_log_torn_tails',
    'Torn records cut off the end of a segment at start (a write a crash interrupted)',
    (s) => s.replay.tornTails,
  ],
  [
    'spanhouse_ingest_log_corrupt_segments',
    'Segments with a damaged record inside, moved aside at start (whole records kept)',
    (s) => s.replay.corruptSegments,
  ],
];

export function createServiceMetrics(opts: { processMetrics?: boolean } = {}): ServiceMetrics {
  const registry = new Registry();
  if (opts.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  let logSource: (() => IngestLogGauges) | undefined;
  for (const [name, help, read] of LOG_GAUGES) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (logSource) this.set(read(logSource()));
      },
    });
  }
  const logSync = new Histogram({
    name: 'spanhouse_ingest_log_sync_duration_seconds',
    help: 'Duration of the ingest log group commits (one write and fdatasync shared by every waiting request)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [registry],
  });
  const logSyncFailures = new Counter({
    name: 'spanhouse_ingest_log_sync_failures_total',
    help: 'Group commits of the ingest log whose write or fdatasync failed (their requests got 503)',
    registers: [registry],
  });
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
    grpcRequests: new Counter({
      name: 'spanhouse_grpc_requests_total',
      help: 'OTLP/gRPC calls by method and status code',
      labelNames: ['method', 'code'] as const,
      registers: [registry],
    }),
    grpcDuration: new Histogram({
      name: 'spanhouse_grpc_request_duration_seconds',
      help: 'OTLP/gRPC call duration by method',
      labelNames: ['method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    rowsAccepted: new Counter({
      name: 'spanhouse_ingest_rows_accepted_total',
      help: 'Rows acknowledged (durable in the ingest log), by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    rowsRejected: new Counter({
      name: 'spanhouse_ingest_rows_rejected_total',
      help: 'Rows of requests the ingest log refused, by table and reason',
      labelNames: ['table', 'reason'] as const,
      registers: [registry],
    }),
    flushRows: new Histogram({
      name: 'spanhouse_ingest_flush_rows',
      help: 'Rows per insert from the ingest log into ClickHouse, by table',
      labelNames: ['table'] as const,
      buckets: [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000],
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
    deadLetterRows: new Counter({
      name: 'spanhouse_ingest_dead_letter_rows_total',
      help: 'Acknowledged rows ClickHouse refused for good, kept in the log directory (dead-letter/), by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    setIngestLogSource(source) {
      logSource = source;
    },
    observeLogSync(seconds, ok) {
      if (ok) logSync.observe(seconds);
      else logSyncFailures.inc();
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
