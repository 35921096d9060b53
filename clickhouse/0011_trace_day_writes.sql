-- trace_day_writes: for every trace id, the UTC dates of the timestamps its pieces carried, with
-- the number of pieces written per (date, id). Filled by the view at insert into traces; the
-- backfill below covers the rows stored before this migration.
-- It is what the daily report's per-day cache (apps/query-api/src/usage/day-cache.ts) checks before
-- reusing a day: a trace's day is the earliest of its pieces' dates (traces keeps min(timestamp)),
-- so the day a new piece changes, and the day it moves the trace away from, are both dates this
-- table holds for that id. Per date, sum(rows) only grows (SummingMergeTree keeps the sums), so
-- comparing those sums finds every date written since the cache last looked, and the ids written
-- on them name every day to recompute (docs/decisions/0022-daily-usage-cache.md).
-- ORDER BY (date, id): the per-date sums read the date column only; the ids of the changed dates
-- are one key range each.
CREATE TABLE IF NOT EXISTS trace_day_writes
(
  date Date,
  id   String,
  rows UInt64
)
ENGINE = SummingMergeTree
ORDER BY (date, id)
SETTINGS index_granularity = 1024;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_day_writes_view TO trace_day_writes AS
SELECT toDate(timestamp) AS date, id, count() AS rows
FROM traces
GROUP BY date, id;

INSERT INTO trace_day_writes (date, id, rows)
SELECT toDate(timestamp) AS date, id, count() AS rows
FROM traces
GROUP BY date, id;

-- As for every table in 0010: parts synced before an insert returns and after a merge.
ALTER TABLE trace_day_writes MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
