import path from 'node:path';
import * as v from 'valibot';

const Int = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );
const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const MiB = 1024 * 1024;
const PORT_OR_OFF = 'must be a port number (0-65535; 0 picks a free one) or "off"';
/** A port, or `off` (undefined): a listener that can be turned off. */
const PortOrOff = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^(off|\d{1,5})$/, PORT_OR_OFF),
  v.transform((s) => (s === 'off' ? undefined : Number(s))),
  v.check((port) => port === undefined || port <= 65535, PORT_OR_OFF),
);

/**
 * Every environment variable the service reads, with its default. Nothing else reads process.env.
 * Limits are sized for the 2-core/24 GiB reference machine; each odd one says why.
 */
const EnvSchema = v.object({
  PORT: v.optional(Int(0, 65535), '3000'),
  HOST: v.optional(Text, '127.0.0.1'),
  /** The OTLP/gRPC receiver's port, on HOST, in every process that ingests; `off` runs none. */
  OTLP_GRPC_PORT: v.optional(PortOrOff, '4317'),
  DATA_DIR: v.optional(Text, './data'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  API_BEARER_TOKEN: v.optional(Text),
  PUBLIC_KEY: v.optional(Text),
  SECRET_KEY: v.optional(Text),
  /**
   * The key of the HMAC that stored API key secrets are hashed with. Embedded: generated once and
   * kept in <DATA_DIR>/credentials.json unless set; server mode: derived from API_BEARER_TOKEN
   * unless set (then changing the token invalidates every project key). Every process of one
   * deployment must have the same.
   */
  API_KEY_PEPPER: v.optional(v.pipe(Text, v.minLength(16, 'must be at least 16 characters'))),
  /**
   * Free space (bytes) the volumes of the ingest log and the data folder keep: below it, ingest is
   * refused (503 + Retry-After) until space returns, so the disk never fills (docs/data-lifecycle.md).
   */
  DISK_MIN_FREE_BYTES: v.optional(Int(0, 2 ** 50), String(1024 * MiB)),
  /**
   * Days a project without a retention of its own keeps its rows (docs/data-lifecycle.md); unset
   * keeps them forever. Every process of one deployment should have the same: the last to start
   * sets it for all.
   */
  RETENTION_DAYS: v.optional(Int(1, 36500)),
  CLICKHOUSE_URL: v.optional(v.pipe(Text, v.url('must be a URL such as http://localhost:8123'))),
  CLICKHOUSE_USER: v.optional(Text, 'default'),
  CLICKHOUSE_PASSWORD: v.optional(v.string(), ''),
  CLICKHOUSE_DATABASE: v.optional(
    v.pipe(Text, v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain identifier')),
    'spanhouse',
  ),
  CLICKHOUSE_CLUSTER: v.optional(v.pipe(Text, v.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'must be a cluster name'))),
  /**
   * Reader connections: one slow query must not hold up the others (docs/decisions/0001). A chDB
   * connection runs its queries one after another, and a dashboard sends a query per panel at once.
   */
  CLICKHOUSE_READERS: v.optional(Int(1, 32), '8'),
  /** The ingest write-ahead log's directory; default `<DATA_DIR>/ingest-log`. One process per directory. */
  INGEST_LOG_DIR: v.optional(Text),
  /**
   * Disk budget of the ingest log: requests are acknowledged into it while ClickHouse is slow or
   * down, up to this many bytes, then refused with 429 until the backlog drains.
   */
  INGEST_LOG_MAX_BYTES: v.optional(Int(1024 * 1024, 1024 * 1024 * MiB), String(1024 * MiB)),
  /** A new log segment starts past this size; a segment is removed once all its rows are in ClickHouse. */
  INGEST_LOG_SEGMENT_BYTES: v.optional(Int(64 * 1024, 1024 * MiB), String(32 * MiB)),
  /** Inserts into one table start at most once per interval: large parts, and rows visible within about this. */
  INGEST_FLUSH_INTERVAL_MS: v.optional(Int(1, 60_000), '500'),
  /** The largest insert, in bytes of encoded rows; a larger backlog is written in back-to-back inserts. */
  INGEST_FLUSH_MAX_BYTES: v.optional(Int(64 * 1024, 1024 * MiB), String(32 * MiB)),
  /** How long a request that asked to wait for its commit (?wait=commit) waits before 503 + Retry-After. */
  INGEST_COMMIT_TIMEOUT_MS: v.optional(Int(100, 600_000), '15000'),
  /**
   * Bytes admitted ingest requests may hold at once (bodies as received plus inflated gzip), up to
   * their durable append: past it, new requests get 429 before their body is read.
   */
  INGEST_MAX_INFLIGHT_BYTES: v.optional(Int(1024 * 1024, 64 * 1024 * MiB), String(128 * MiB)),
  /**
   * New ingest requests get 429 while the work already admitted is expected to take longer than
   * this (at the rate requests have been finishing): a saturated service answers at once instead
   * of queueing requests until their clients time out.
   */
  INGEST_MAX_QUEUE_MS: v.optional(Int(10, 600_000), '1000'),
  /**
   * New ingest requests get 429 while rows acknowledged longer ago than this are still not
   * readable and ClickHouse takes inserts: the writer does not keep up, and the backlog would
   * otherwise grow to the log's budget. A backlog a ClickHouse failure left is not refused.
   */
  INGEST_MAX_BACKLOG_MS: v.optional(Int(100, 600_000), '3000'),
  /**
   * While rows acknowledged longer ago than this are still not readable (and ClickHouse takes
   * inserts), an ingest request's answer waits for its own rows to be readable, up to
   * INGEST_MAX_BACKLOG_MS: clients that wait for their answers slow to the writer's pace, so what
   * they sent stays readable within about this plus one insert, instead of the backlog growing to
   * the 429 bound. `0` turns pacing off.
   */
  INGEST_PACE_BACKLOG_MS: v.optional(Int(0, 600_000), '1000'),
  /** Request body limit (compressed size for gzip bodies). */
  BODY_LIMIT_BYTES: v.optional(Int(1024, 1024 * MiB), String(10 * MiB)),
  /** Inflated size limit for gzip bodies; a gzip bomb is cut off while inflating. */
  DECOMPRESSED_LIMIT_BYTES: v.optional(Int(1024, 4096 * MiB), String(64 * MiB)),
  /**
   * The buckets (positive and negative together) one OTLP histogram data point may become, each a
   * `_bucket` series, as Prometheus' native_histogram_bucket_limit: an exponential histogram with
   * more is stored at a lower scale (adjacent buckets merged, count and sum kept); an explicit-bounds
   * histogram with more bounds and a summary with more quantiles are refused. The default is the
   * OpenTelemetry SDKs' own exponential histogram size, so what an SDK sends by default is kept as sent.
   */
  METRICS_HISTOGRAM_BUCKET_LIMIT: v.optional(Int(1, 10_000), '160'),
  /**
   * Samples (values at a time) one metrics request may store, on every metrics path; what one
   * request may hold is otherwise bounded only by its body, whose bytes can stand for far more
   * points than they take. Well above the batches common senders make (Prometheus remote write
   * 2,000 samples, vmagent 10,000 rows, the Collector's batch processor 8,192 items).
   */
  METRICS_MAX_SAMPLES_PER_REQUEST: v.optional(Int(100, 100_000_000), '200000'),
  /**
   * Distinct series one metrics request may write to, on every metrics path: a series new to the
   * process costs it its labels, its id and its series row, far more than a sample does. Counted
   * per request, not against what the process has seen, so a request is accepted or refused
   * whatever the process remembers (its memory of series is bounded and starts empty).
   */
  METRICS_MAX_SERIES_PER_REQUEST: v.optional(Int(100, 100_000_000), '50000'),
  /** JSON file of model prices overriding the built-in table. */
  PRICES_FILE: v.optional(Text),
  /**
   * Points one PromQL query may hold, read and computed (Prometheus' --query.max-samples): past it
   * the query fails with Prometheus' error. Below Prometheus' 50 M: the engine shares its process
   * with the embedded database, and a point costs it about 16 bytes.
   */
  PROMQL_MAX_SAMPLES: v.optional(Int(1000, 1_000_000_000), '20000000'),
  /**
   * How long one read of the query API (/api/public, /v1 queries, the UI's) may run in ClickHouse:
   * past it the engine stops it and the request gets 503, so a runaway read (a search while its
   * index is still being built, a list over years of data) never holds a reader for long.
   */
  QUERY_TIMEOUT_MS: v.optional(Int(100, 3_600_000), '30000'),
  /** How long one PromQL query may run before it fails with Prometheus' timeout error (--query.timeout). */
  PROMQL_TIMEOUT_MS: v.optional(Int(100, 3_600_000), '120000'),
  /**
   * Where the parts of PromQL queries ClickHouse can compute run: `auto` (where measured faster,
   * docs/prometheus.md), `clickhouse` (wherever possible) or `service` (never; for comparisons).
   */
  PROMQL_PUSHDOWN: v.optional(v.picklist(['auto', 'clickhouse', 'service']), 'auto'),
});

export type Config = {
  port: number;
  host: string;
  /** The OTLP/gRPC port; undefined when OTLP_GRPC_PORT is `off`. */
  otlpGrpcPort?: number;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  credentials: { bearerToken?: string; publicKey?: string; secretKey?: string; keyPepper?: string };
  clickhouse: {
    url?: string;
    user: string;
    password: string;
    database: string;
    cluster?: string;
    readers: number;
  };
  ingest: {
    logDir: string;
    logMaxBytes: number;
    logSegmentBytes: number;
    flushIntervalMs: number;
    flushMaxBytes: number;
    commitTimeoutMs: number;
    maxInflightBytes: number;
    maxQueueMs: number;
    maxBacklogMs: number;
    paceBacklogMs: number;
  };
  limits: { bodyBytes: number; decompressedBytes: number };
  metricLimits: MetricLimits;
  pricesFile?: string;
  promql: { maxSamples: number; timeoutMs: number; pushdown: 'auto' | 'clickhouse' | 'service' };
  /** How long one read of the query API may run in ClickHouse (QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
  /** The instance's default retention in days; undefined keeps rows forever. */
  retentionDays?: number;
  /** Free bytes under which ingest is refused (DISK_MIN_FREE_BYTES). */
  diskMinFreeBytes: number;
};

/** What one metrics ingest request may create (docs/ingest.md#metric-limits). */
export type MetricLimits = {
  /** Buckets of one OTLP histogram data point (METRICS_HISTOGRAM_BUCKET_LIMIT). */
  histogramBuckets: number;
  /** Samples one request may store (METRICS_MAX_SAMPLES_PER_REQUEST). */
  samplesPerRequest: number;
  /** Distinct series one request may write to (METRICS_MAX_SERIES_PER_REQUEST). */
  seriesPerRequest: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.output;
  if ((e.PUBLIC_KEY === undefined) !== (e.SECRET_KEY === undefined)) {
    throw new ConfigError('invalid configuration:\n  PUBLIC_KEY and SECRET_KEY must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    otlpGrpcPort: e.OTLP_GRPC_PORT,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    credentials: {
      bearerToken: e.API_BEARER_TOKEN,
      publicKey: e.PUBLIC_KEY,
      secretKey: e.SECRET_KEY,
      keyPepper: e.API_KEY_PEPPER,
    },
    clickhouse: {
      url: e.CLICKHOUSE_URL,
      user: e.CLICKHOUSE_USER,
      password: e.CLICKHOUSE_PASSWORD,
      database: e.CLICKHOUSE_DATABASE,
      cluster: e.CLICKHOUSE_CLUSTER,
      readers: e.CLICKHOUSE_READERS,
    },
    ingest: {
      logDir: e.INGEST_LOG_DIR ?? path.join(e.DATA_DIR, 'ingest-log'),
      logMaxBytes: e.INGEST_LOG_MAX_BYTES,
      logSegmentBytes: e.INGEST_LOG_SEGMENT_BYTES,
      flushIntervalMs: e.INGEST_FLUSH_INTERVAL_MS,
      flushMaxBytes: e.INGEST_FLUSH_MAX_BYTES,
      commitTimeoutMs: e.INGEST_COMMIT_TIMEOUT_MS,
      maxInflightBytes: e.INGEST_MAX_INFLIGHT_BYTES,
      maxQueueMs: e.INGEST_MAX_QUEUE_MS,
      maxBacklogMs: e.INGEST_MAX_BACKLOG_MS,
      paceBacklogMs: e.INGEST_PACE_BACKLOG_MS,
    },
    limits: { bodyBytes: e.BODY_LIMIT_BYTES, decompressedBytes: e.DECOMPRESSED_LIMIT_BYTES },
    metricLimits: {
      histogramBuckets: e.METRICS_HISTOGRAM_BUCKET_LIMIT,
      samplesPerRequest: e.METRICS_MAX_SAMPLES_PER_REQUEST,
      seriesPerRequest: e.METRICS_MAX_SERIES_PER_REQUEST,
    },
    pricesFile: e.PRICES_FILE,
    promql: { maxSamples: e.PROMQL_MAX_SAMPLES, timeoutMs: e.PROMQL_TIMEOUT_MS, pushdown: e.PROMQL_PUSHDOWN },
    queryTimeoutMs: e.QUERY_TIMEOUT_MS,
    retentionDays: e.RETENTION_DAYS,
    diskMinFreeBytes: e.DISK_MIN_FREE_BYTES,
  };
}

/** For boot code: print the problem and exit with code 78 (EX_CONFIG) instead of a stack trace. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`spanhouse: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
