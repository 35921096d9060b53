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
-- blocks stably). Readers of values use FINAL (1.5-3x the plain scan on the reference set);
-- background merges make it cheaper as parts fold.
-- ORDER BY (name, series_id, ts): a query reads a handful of series over a time range, so each
-- series is one contiguous, time-ordered run, and `series_id IN (...) AND ts BETWEEN` skips
-- every other granule.
-- PARTITION BY month: bounds the merge work and lets old data go by dropping parts; months
-- rather than days so that a backfill batch spanning years stays under ClickHouse's limit of
-- 100 partitions per insert.
-- Codecs, measured on the reference data set (1000 series x 8640 points at 10 s, values with
-- two decimals; 8.64 M points, compressed bytes after OPTIMIZE FINAL):
--   value  ZSTD(1) 22.5 MiB; LZ4 (default) 32.7; FPC+ZSTD 41.7; Gorilla+ZSTD 47.3 (Gorilla's
--          XOR trick suits slowly changing floats, not noisy decimals).
--   ts     Delta+ZSTD(1) 96 KiB; DoubleDelta+ZSTD 106 KiB; ZSTD alone 47.7 MiB; LZ4 51 MiB.
--   series_id  ZSTD(1) 63 KiB; Delta+ZSTD 88 KiB; LZ4 319 KiB (long runs of one id).
-- About 2.7 bytes per point in all.
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
