-- metric_minute_rollups: the per-minute rows of 0005 (same columns, same view, same meaning: see
-- 0005_metric_minutes.sql) sorted by minute before series, so that reads merge them with FINAL.
--
-- Why the order matters. Points arrive roughly in time order, so each insert, and each part its
-- merges make, covers its own stretch of minutes; at most the minute at the seam of two parts is in
-- both. Sorted (name, minute, series_id), the parts then cover disjoint ranges of the sort key, and
-- FINAL reads such ranges as they are and merges only where parts overlap (the seams). Sorted
-- (name, series_id, minute) as in 0005, every part spans every series, all ranges overlap, and a
-- read had to merge each (series, minute) with a GROUP BY, holding state per series and minute.
-- The price: a read of few series scans every series of its minutes (figures:
-- docs/decisions/0006-metrics-storage.md).
CREATE TABLE IF NOT EXISTS metric_minute_rollups
(
  name      LowCardinality(String),
  series_id UInt64,
  minute    UInt32,
  rows      SimpleAggregateFunction(sum, UInt64),
  seconds   SimpleAggregateFunction(groupBitOr, UInt64),
  sum       SimpleAggregateFunction(sum, Float64),
  min       SimpleAggregateFunction(min, Float64),
  max       SimpleAggregateFunction(max, Float64),
  last      SimpleAggregateFunction(max, Tuple(DateTime64(6, 'UTC'), Float64)),
  last_ts   SimpleAggregateFunction(max, DateTime64(6, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY intDiv(minute, 44640)
ORDER BY (name, minute, series_id);

ALTER TABLE metric_minute_rollups MODIFY SETTING min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS metric_minute_rollups_mv TO metric_minute_rollups AS
SELECT
  name,
  series_id,
  toUInt32(intDiv(toUnixTimestamp64Micro(ts), 60000000)) AS minute,
  count() AS rows,
  groupBitOr(bitShiftLeft(toUInt64(1), intDiv(toUnixTimestamp64Micro(ts) % 60000000, 1000000))) AS seconds,
  sum(value) AS sum,
  min(value) AS min,
  max(value) AS max,
  max((ts, value)) AS last,
  max(ts) AS last_ts
FROM metric_samples
GROUP BY name, series_id, minute;

-- The rows 0005 made, copied rather than recomputed from the samples (a sixth of the rows). Both
-- views run from here until the old one is dropped below, so a point inserted meanwhile may be
-- counted twice: its minute is then dirty and read raw, slower, never wrong (as in 0005).
INSERT INTO metric_minute_rollups
SELECT name, series_id, minute, rows, seconds, sum, min, max, last, last_ts
FROM metric_minutes;

DROP VIEW IF EXISTS metric_minutes_mv;

DROP TABLE IF EXISTS metric_minutes;
