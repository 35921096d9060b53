-- scores: one row per version of a score; a re-sent score replaces the older one
-- (ReplacingMergeTree on the version), and DELETE writes a tombstone: the same key with a newer
-- version and is_deleted = 1, which FINAL drops with every older version. Merges keep the
-- tombstone, so a late re-send of the deleted version stays deleted.
-- ORDER BY (trace_id, id): a trace's scores are one key range (the single trace, the trace list's
-- score ids); a score's trace never changes (as in Langfuse), so every version of a score shares
-- its key. Scores of a session or dataset run have trace_id ''. Reads by id use the bloom filter.
-- Times in microseconds where they order (timestamp); version is the ingest version. Names are
-- few (an evaluation pipeline's checks): LowCardinality keeps a name filter over every score cheap.
CREATE TABLE IF NOT EXISTS scores
(
  trace_id       String,
  id             String,
  version        UInt64,
  is_deleted     UInt8,
  timestamp      DateTime64(6, 'UTC'),
  created_at     DateTime64(6, 'UTC'),
  name           LowCardinality(String),
  value          Float64,
  string_value   String,
  data_type      LowCardinality(String),
  source         LowCardinality(String),
  observation_id String,
  session_id     String,
  dataset_run_id String,
  comment        String CODEC(ZSTD(3)),
  metadata       String CODEC(ZSTD(3)),
  environment    LowCardinality(String),
  config_id      String,
  queue_id       String,
  INDEX scores_id id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = ReplacingMergeTree(version, is_deleted)
ORDER BY (trace_id, id)
SETTINGS index_granularity = 1024;

-- score_times: every score row again, sorted by time, so the score lists (newest first, any
-- filter) read a few granules instead of every score. Filled by the view at insert. A score
-- re-sent with another timestamp leaves its older row here (at the old time, with an older
-- version): readers check each listed row against `scores` (apps/query-api/src/scores/list.ts).
CREATE TABLE IF NOT EXISTS score_times
(
  timestamp      DateTime64(6, 'UTC'),
  id             String,
  trace_id       String,
  version        UInt64,
  is_deleted     UInt8,
  name           LowCardinality(String),
  value          Float64,
  string_value   String,
  data_type      LowCardinality(String),
  source         LowCardinality(String),
  observation_id String,
  session_id     String,
  dataset_run_id String,
  environment    LowCardinality(String),
  config_id      String,
  queue_id       String
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (timestamp, id)
SETTINGS index_granularity = 1024;

CREATE MATERIALIZED VIEW IF NOT EXISTS score_times_view TO score_times AS
SELECT timestamp, id, trace_id, version, is_deleted, name, value, string_value, data_type, source,
  observation_id, session_id, dataset_run_id, environment, config_id, queue_id
FROM scores;
