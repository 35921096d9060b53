-- trace_rewrites: the traces that got rows while they had a tombstone, filled at insert by views
-- on the tables that fold a trace's rows (its trace rows, observation pieces and scores; the
-- search documents and the scores by time are views of those). Aggregating merges fold a deleted
-- trace's older rows into newer ones and keep the latest written time, and a read of the merged
-- trace row would show the deleted fields again; so the writer deletes such a trace's rows older
-- than its tombstone (a lightweight DELETE) as part of the insert that named it, then its entries
-- here (docs/decisions/0085-rows-of-a-rewritten-deleted-trace.md). A row is looked up once, at
-- its insert: one dictionary lookup per inserted row, none on a read.

CREATE TABLE IF NOT EXISTS trace_rewrites
(
  project_id LowCardinality(String),
  trace_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (project_id, trace_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_rewrites_of_traces TO trace_rewrites AS
SELECT project_id, id AS trace_id
FROM traces_v2
WHERE dictGetOrDefault('$DATABASE.trace_tombstones', 'deleted_us', cityHash64(project_id, id), toUInt64(0)) > 0
  AND dictGetOrDefault('$DATABASE.trace_tombstones', 'check', cityHash64(project_id, id), toUInt64(0)) = sipHash64(project_id, id);

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_rewrites_of_observations TO trace_rewrites AS
SELECT project_id, trace_id
FROM observation_pieces_v2
WHERE dictGetOrDefault('$DATABASE.trace_tombstones', 'deleted_us', cityHash64(project_id, trace_id), toUInt64(0)) > 0
  AND dictGetOrDefault('$DATABASE.trace_tombstones', 'check', cityHash64(project_id, trace_id), toUInt64(0)) = sipHash64(project_id, trace_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_rewrites_of_scores TO trace_rewrites AS
SELECT project_id, trace_id
FROM scores_v2
WHERE trace_id != ''
  AND dictGetOrDefault('$DATABASE.trace_tombstones', 'deleted_us', cityHash64(project_id, trace_id), toUInt64(0)) > 0
  AND dictGetOrDefault('$DATABASE.trace_tombstones', 'check', cityHash64(project_id, trace_id), toUInt64(0)) = sipHash64(project_id, trace_id);
