-- metric_nonfinite_samples: points whose value is not a finite number, kept apart from
-- metric_samples. Prometheus remote write (and OTLP) carry them: staleness markers (the NaN with
-- bits 0x7ff0000000000002 that Prometheus writes when a series disappears; stale = 1) and real
-- NaN, +Inf and -Inf values (stale = 0). They live in a table of their own so that the samples and
-- everything computed from them stay finite: the per-minute rows (0005/0006 sum every value of a
-- minute: one NaN would make its sum, min and max NaN for good) and GET /api/public/metrics/query,
-- which aggregates finite points only. The PromQL reader (apps/query-api/src/prometheus/) reads
-- both tables, so a staleness marker ends a series exactly as in Prometheus, and NaN and Inf
-- values come back as Prometheus returns them.
-- Same key, engine and partitioning as metric_samples (0002): a re-sent point replaces its copy.
CREATE TABLE IF NOT EXISTS metric_nonfinite_samples
(
  name      LowCardinality(String),
  series_id UInt64,
  ts        DateTime64(6, 'UTC') CODEC(Delta, LZ4),
  value     Float64,
  stale     UInt8
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (name, series_id, ts);
