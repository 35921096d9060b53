-- Points written after a deletion of their series (docs/data-lifecycle.md): a deletion covers the
-- points written before it, not those written after it with a time inside its range, as
-- Prometheus shows them. Each point carries when it was accepted, and a read leaves out a point of
-- a deleted range only when it was written before that range's deletion (`deleted_us`, 0032).
--
-- written_us: when a point was accepted (µs, the ingest process's clock, nextVersion), given by the
-- ingest encoders for every new point; one value per request, so Delta leaves next to nothing of
-- it. Points stored before this migration read 0, older than every deletion, so the deletions made
-- before it go on hiding what they hid. The per-minute rows keep the latest (`written_us`, max) and
-- the earliest (`first_written_us`, min) of their points': a minute written wholly before a
-- deletion is hidden, one written wholly after it is read, one written on both sides is read from
-- its points (its sums cannot tell them apart).
ALTER TABLE metric_samples_v2 ADD COLUMN IF NOT EXISTS written_us UInt64 DEFAULT 0 CODEC(Delta, LZ4);

ALTER TABLE metric_nonfinite_samples_v2 ADD COLUMN IF NOT EXISTS written_us UInt64 DEFAULT 0 CODEC(Delta, LZ4);

ALTER TABLE metric_minute_rollups_v2 ADD COLUMN IF NOT EXISTS written_us SimpleAggregateFunction(max, UInt64) DEFAULT 0;

ALTER TABLE metric_minute_rollups_v2 ADD COLUMN IF NOT EXISTS first_written_us SimpleAggregateFunction(min, UInt64) DEFAULT 0;

-- The view carries the new columns too (a view's select list is fixed when it is made). The
-- written times are named through the table's alias: `written_us` alone is the max's alias there.
DROP VIEW IF EXISTS metric_minute_rollups_v2_mv;

CREATE MATERIALIZED VIEW IF NOT EXISTS metric_minute_rollups_v2_mv TO metric_minute_rollups_v2 AS
SELECT
  project_id,
  name,
  series_id,
  toUInt32(intDiv(toUnixTimestamp64Micro(ts), 60000000)) AS minute,
  count() AS rows,
  groupBitOr(bitShiftLeft(toUInt64(1), intDiv(toUnixTimestamp64Micro(ts) % 60000000, 1000000))) AS seconds,
  sum(value) AS sum,
  min(value) AS min,
  max(value) AS max,
  max((ts, value)) AS last,
  max(ts) AS last_ts,
  max(points.written_us) AS written_us,
  min(points.written_us) AS first_written_us
FROM metric_samples_v2 AS points
GROUP BY project_id, name, series_id, minute;

-- Per deleted series, every range with when it was deleted (`deleted`, beside `starts` and `ends`;
-- FINAL keeps the latest deletion of one range, which covers every point an earlier one did).
-- `last_deleted_us` is the latest of them: a point written after it is kept after one lookup, as a
-- point outside the hull of the ranges is.
DROP DICTIONARY IF EXISTS $DATABASE.series_deletion_ranges;

CREATE DICTIONARY IF NOT EXISTS $DATABASE.series_deletion_ranges
(
  project_id      String,
  series_id       UInt64,
  first_us        Int64,
  last_us         Int64,
  last_deleted_us UInt64,
  starts          Array(Int64),
  ends            Array(Int64),
  deleted         Array(UInt64)
)
PRIMARY KEY project_id, series_id
SOURCE(CLICKHOUSE(QUERY 'SELECT project_id, series_id, min(start_us) AS first_us, max(end_us) AS last_us, max(deleted_us) AS last_deleted_us, groupArray(start_us) AS starts, groupArray(end_us) AS ends, groupArray(deleted_us) AS deleted FROM $DATABASE.series_deletions_v2 FINAL GROUP BY project_id, series_id'))
LAYOUT(COMPLEX_KEY_HASHED())
LIFETIME(MIN 1 MAX 5);
