-- metric_minutes: per series and minute, the aggregates that avg, sum, min, max and last combine
-- from (apps/query-api/src/metrics/minute-rows.ts). A query of those aggregates reads one row per
-- series and minute here instead of every raw point (a sixth of the rows at 10 s scrapes).
--
-- Exact under re-sends. Samples dedup a repeated (series, ts) in ReplacingMergeTree, but the view
-- below sees every insert, so a minute holding a re-sent point would count it twice. Two columns
-- tell such a minute apart, like obs_count/obs_keys of 0004:
--   * rows    - points inserted into the minute, re-sends included;
--   * seconds - a 64-bit set: bit s is on if a point fell in second s of the minute.
-- rows = bitCount(seconds) proves every point of the minute had a second of its own, so no two
-- share a timestamp and the sums, min, max and last are the deduplicated samples' own. A window
-- holding any other minute (a re-send, or two points within one second, which may or may not be
-- one instant) is answered from metric_samples alone. A false "dirty" only costs speed (a second
-- read); a false "clean" cannot happen.
--
-- minute: minutes since the Unix epoch (stored times run to 2199, past DateTime's 2106).
-- last: (greatest timestamp, its value), a plain max of tuples, for `last`. In a minute that proves
-- itself clean, no two points share a timestamp, so the value is the one. last_ts: the greatest
-- timestamp alone, for meta.latest_ts (reading the max of tuples is slow). Plain columns only
-- (SimpleAggregateFunction): an argMax state column made every read slower.
CREATE TABLE IF NOT EXISTS metric_minutes
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
ORDER BY (name, series_id, minute);

-- The partition is 31 days of minutes (not calendar months: `minute` is a plain number); quiet
-- partitions fold like metric_samples' (0003), so FINAL reads them as they are.
ALTER TABLE metric_minutes MODIFY SETTING min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS metric_minutes_mv TO metric_minutes AS
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

-- Points stored before the view existed. A point inserted while this runs may be counted twice
-- (by the view and here): its minute is then dirty and read raw, which is slower, never wrong.
-- The GROUP BY has one key per series and minute of everything stored (a sixth of the points at
-- 10 s scrapes); past 1 GiB it spills to disk rather than holding a large store's keys in memory.
INSERT INTO metric_minutes
SELECT
  name,
  series_id,
  toUInt32(intDiv(toUnixTimestamp64Micro(ts), 60000000)) AS minute,
  count(),
  groupBitOr(bitShiftLeft(toUInt64(1), intDiv(toUnixTimestamp64Micro(ts) % 60000000, 1000000))),
  sum(value),
  min(value),
  max(value),
  max((ts, value)),
  max(ts)
FROM metric_samples
GROUP BY name, series_id, minute
SETTINGS max_bytes_before_external_group_by = 1073741824;
