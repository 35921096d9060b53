-- Deleting traces (docs/data-lifecycle.md): a deletion writes a tombstone per trace, through the
-- ingest log like every write (durable before it is answered, replayed after a crash), and every
-- read of the trace tables leaves out the rows of a tombstoned trace that were written before its
-- tombstone. Rows written after it (a trace sent again) are read as usual.
--
-- written_us: when a row was accepted (µs, the ingest process's monotonic clock, nextVersion),
-- given by the writer for every new row of the trace tables; rows stored before this migration
-- read 0, older than every tombstone. Max under the Aggregating merges (a merged trace row was
-- written when its latest piece was).
ALTER TABLE traces_v2 ADD COLUMN IF NOT EXISTS written_us SimpleAggregateFunction(max, UInt64) DEFAULT 0;

ALTER TABLE observation_pieces_v2 ADD COLUMN IF NOT EXISTS written_us SimpleAggregateFunction(max, UInt64) DEFAULT 0;

ALTER TABLE scores_v2 ADD COLUMN IF NOT EXISTS written_us UInt64 DEFAULT 0;

ALTER TABLE score_times_v2 ADD COLUMN IF NOT EXISTS written_us UInt64 DEFAULT 0;

-- The view copies the new column too (a view's select list is fixed when it is made).
DROP VIEW IF EXISTS score_times_v2_view;

CREATE MATERIALIZED VIEW IF NOT EXISTS score_times_v2_view TO score_times_v2 AS
SELECT project_id, timestamp, id, trace_id, version, is_deleted, name, value, string_value, data_type, source,
  observation_id, session_id, dataset_run_id, environment, config_id, queue_id, written_us
FROM scores_v2;

-- One row per deletion of a trace; the latest deletion of a trace is the one that counts
-- (ReplacingMergeTree on its time). Small: one row per deleted trace, kept (a tombstone is what
-- keeps rows written before it out of the reads until the sweep removes them).
CREATE TABLE IF NOT EXISTS trace_deletions_v2
(
  project_id LowCardinality(String),
  trace_id   String,
  deleted_us UInt64
)
ENGINE = ReplacingMergeTree(deleted_us)
ORDER BY (project_id, trace_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- The tombstones in memory, keyed by (project, trace), for a lookup per row read: a hash lookup,
-- where a join or an IN over the tombstones would build a set per query. The ingest writer reloads
-- it after each insert of tombstones (so a deletion reaches every read within the flush interval);
-- the lifetime catches what other processes wrote.
CREATE DICTIONARY IF NOT EXISTS $DATABASE.trace_deletions
(
  project_id String,
  trace_id   String,
  deleted_us UInt64
)
PRIMARY KEY project_id, trace_id
SOURCE(CLICKHOUSE(QUERY 'SELECT project_id, trace_id, max(deleted_us) AS deleted_us FROM $DATABASE.trace_deletions_v2 GROUP BY project_id, trace_id'))
LAYOUT(COMPLEX_KEY_HASHED())
LIFETIME(MIN 1 MAX 5);

-- The daily report's cache (usage/day-cache.ts) drops the days of a trace whose write counts
-- change: a deletion counts as a write of its trace on 1970-01-01, a date no trace has, so the
-- cached days of the deleted trace are computed again.
CREATE MATERIALIZED VIEW IF NOT EXISTS trace_deletions_v2_day_writes TO trace_day_writes_v2 AS
SELECT project_id, toDate(0) AS date, trace_id AS id, toUInt64(1) AS rows
FROM trace_deletions_v2;
