-- metric_series: one row per series (a metric name plus one label set), so labels are stored
-- once, not with every point. Label containment filters run here and turn into a short list of
-- series ids for the samples table. series_id is computed by the ingest app (first 8 bytes of
-- SHA-256 over the name and the labels sorted by key, as JSON; apps/ingest-api/src/metrics/
-- series-id.ts); the same series written twice (a restart, two ingest processes) collapses
-- in ReplacingMergeTree, and readers use FINAL for what is not merged yet.
-- ORDER BY (name, series_id): every read is "the series of one metric"; names are few and
-- LowCardinality. Labels stay a Map: one row per series makes its linear lookup cheap.
CREATE TABLE IF NOT EXISTS metric_series
(
  name      LowCardinality(String),
  series_id UInt64,
  labels    Map(String, String)
)
ENGINE = ReplacingMergeTree
ORDER BY (name, series_id);

-- metric_samples: one row per point.
-- ENGINE ReplacingMergeTree, key (name, series_id, ts): a point sent again for the same series
-- and timestamp replaces the earlier copy, so a retried batch never counts twice. The value
-- stored last wins (later insert; within one insert, later in the batch: ClickHouse sorts
-- blocks stably). Readers of values use FINAL, or prove it needless (apps/query-api/src/metrics);
-- background merges make it cheaper as parts fold.
-- ORDER BY (name, series_id, ts): a query reads a handful of series over a time range, so each
-- series is one contiguous, time-ordered run, and `series_id IN (...) AND ts BETWEEN` skips
-- every other granule.
-- PARTITION BY month: bounds the merge work and lets old data go by dropping parts; months
-- rather than days so that a backfill batch spanning years stays under ClickHouse's limit of
-- 100 partitions per insert.
-- Codecs: the smallest of those measured for each column (docs/decisions/0006-metrics-storage.md);
-- 0003 trades the samples' ZSTD for LZ4, which reads faster.
CREATE TABLE IF NOT EXISTS metric_samples
(
  name      LowCardinality(String),
  series_id UInt64 CODEC(ZSTD(1)),
  ts        DateTime64(6, 'UTC') CODEC(Delta, ZSTD(1)),
  value     Float64 CODEC(ZSTD(1))
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (name, series_id, ts);
