-- Deleting metric series (Prometheus' POST /api/v1/admin/tsdb/delete_series; docs/data-lifecycle.md):
-- one row per deleted series and time range, in microseconds (start_us, end_us inclusive; end is
-- the deletion's time when the request names none, so points written later are kept). Reads
-- leave out a deleted series' points in its range (the store's lifecycle conditions, through the
-- dictionary below); the rows are written by the query process at the request, synced before the
-- answer (fsync_after_insert), so the deletion is as durable as a write.
CREATE TABLE IF NOT EXISTS series_deletions_v2
(
  project_id LowCardinality(String),
  series_id  UInt64,
  start_us   Int64,
  end_us     Int64,
  deleted_us UInt64
)
ENGINE = ReplacingMergeTree(deleted_us)
ORDER BY (project_id, series_id, start_us, end_us)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- Per series, the range its deletions cover (from the earliest start to the latest end: two
-- deletions of separate ranges of one series hide the points between them too), one hash lookup
-- per point read. Reloaded by the process that deletes; the lifetime catches other processes.
CREATE DICTIONARY IF NOT EXISTS $DATABASE.series_deletions
(
  project_id String,
  series_id  UInt64,
  start_us   Int64,
  end_us     Int64
)
PRIMARY KEY project_id, series_id
SOURCE(CLICKHOUSE(QUERY 'SELECT project_id, series_id, min(start_us) AS start_us, max(end_us) AS end_us FROM $DATABASE.series_deletions_v2 GROUP BY project_id, series_id'))
LAYOUT(COMPLEX_KEY_HASHED())
LIFETIME(MIN 1 MAX 5);
