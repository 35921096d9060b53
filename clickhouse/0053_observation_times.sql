-- observation_times_v2: every stored observation piece's start, sorted by it, so that a list of the
-- newest observations finds its candidates by reading the end of this table instead of every
-- piece's start time (observation_pieces_v2 is sorted by trace and id). A row per start each
-- inserted piece had: a piece sent again with another start adds a row (merges fold only rows of
-- the same start and key), and a list checks its candidates against the merged pieces. A piece
-- with no start has (0, 0), as in observation_pieces_v2.
-- The retention TTL is observation_pieces_v2's (0030). A deleted trace's rows stay until the
-- retention or a project's deletion removes them, as its pieces' do; a list never returns them.
-- The view is made before the copy of the stored pieces: a piece inserted in between is in both,
-- which only adds a candidate.

CREATE TABLE IF NOT EXISTS observation_times_v2
(
  project_id LowCardinality(String),
  start_time Tuple(UInt64, Int64),
  trace_id   String,
  id         String
)
ENGINE = ReplacingMergeTree
ORDER BY (project_id, start_time.2, trace_id, id)
TTL toDateTime(intDiv(start_time.2, 1000000)) + INTERVAL 1 DAY DELETE WHERE start_time.1 > 0 AND dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND start_time.2 < toUnixTimestamp64Micro(now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))))
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS observation_times_v2_view TO observation_times_v2 AS
SELECT project_id, start_time, trace_id, id
FROM observation_pieces_v2;

INSERT INTO observation_times_v2 (project_id, start_time, trace_id, id)
SELECT project_id, start_time, trace_id, id
FROM observation_pieces_v2;
