-- Every data table again, with the project leading its sort key (docs/projects.md): each row
-- belongs to one project, every read names its project, and a project's rows are one key range,
-- so a read of one project skips the others' granules by the primary index. ClickHouse cannot put
-- a new column in front of a sorting key, so each table X is made anew as X_v2 and the rows stored
-- before are copied into the default project ('spanhouse', the project the environment's key pair
-- and the bearer token act on); 0022 drops the old tables once this is recorded.
--
-- New names rather than an exchange of tables: every statement here is safe to run again (a crash
-- mid-way, or several processes starting at once in server mode, run it twice). A second copy
-- repeats rows, which every engine here folds (Aggregating/Replacing merges; summed columns
-- then fail their exactness checks and are read from the per-observation maps, never wrong), where
-- a second EXCHANGE or RENAME would swap the tables back. Nothing of the old tables is changed
-- until 0022.
--
-- Each table keeps the engine, columns, codecs and settings its own migrations gave it (0001-0011:
-- read them for why), with `project_id` first. Cost of the copy: docs/projects.md.
-- Partitions: the metric tables keep theirs (by time, which lets old data go by dropping parts);
-- the trace tables stay unpartitioned, as before: a trace's pieces must meet in one partition to
-- merge, and a piece's time can differ from its trace's other pieces'. No table is partitioned by
-- project, which would split every insert into a part per project.

CREATE TABLE IF NOT EXISTS traces_v2
(
  project_id  LowCardinality(String),
  id          String,
  timestamp   SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
  name        SimpleAggregateFunction(max, Tuple(UInt64, String)),
  user_id     SimpleAggregateFunction(max, Tuple(UInt64, String)),
  session_id  SimpleAggregateFunction(max, Tuple(UInt64, String)),
  release     SimpleAggregateFunction(max, Tuple(UInt64, String)),
  version     SimpleAggregateFunction(max, Tuple(UInt64, String)),
  environment SimpleAggregateFunction(max, Tuple(UInt64, String)),
  input       SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  output      SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  tags        SimpleAggregateFunction(groupUniqArrayArray, Array(String)),
  metadata    SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  obs_ids     SimpleAggregateFunction(groupUniqArrayArray, Array(String)) CODEC(ZSTD(1)),
  obs_start   SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Int64))) CODEC(ZSTD(1)),
  obs_end     SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Int64))) CODEC(ZSTD(1)),
  obs_model   SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String, Float64, Float64))) CODEC(ZSTD(1)),
  obs_usage   SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, UInt64, UInt64, UInt64))) CODEC(ZSTD(1)),
  obs_cost    SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Float64))) CODEC(ZSTD(1)),
  obs_count   SimpleAggregateFunction(sum, UInt64) DEFAULT length(obs_ids),
  obs_keys    SimpleAggregateFunction(groupUniqArrayArray, Array(UInt64)) DEFAULT arrayMap(k -> sipHash64(k), obs_ids),
  start_min   SimpleAggregateFunction(min, Int64) DEFAULT if(empty(obs_start), 9223372036854775807, arrayMin(arrayMap(s -> s.2, mapValues(obs_start)))),
  end_max     SimpleAggregateFunction(max, Int64) DEFAULT if(empty(obs_start), -9223372036854775808, greatest(arrayMax(arrayMap(s -> s.2, mapValues(obs_start))), if(empty(obs_end), -9223372036854775808, arrayMax(arrayMap(e -> e.2, mapValues(obs_end)))))),
  cost_sum    SimpleAggregateFunction(sum, Float64) DEFAULT arraySum(arrayMap(k -> if(mapContains(obs_cost, k), obs_cost[k].2, obs_usage[k].2 * obs_model[k].3 + obs_usage[k].3 * obs_model[k].4), obs_ids)),
  usage_units SimpleAggregateFunction(sum, UInt64) DEFAULT arraySum(arrayMap(u -> u.2 + u.3, mapValues(obs_usage))),
  price_max   SimpleAggregateFunction(max, Float64) DEFAULT if(empty(obs_model), 0., arrayMax(arrayMap(m -> greatest(m.3, m.4), mapValues(obs_model)))),
  model_obs   SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> toUInt64(countEqual(arrayMap(k -> obs_model[k].2, obs_ids), m)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)))),
  model_input SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].2, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)))),
  model_output SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].3, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)))),
  model_total SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].4, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)))),
  model_cost  SimpleAggregateFunction(sumMap, Map(String, Float64)) DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, if(mapContains(obs_cost, k), obs_cost[k].2, obs_usage[k].2 * obs_model[k].3 + obs_usage[k].3 * obs_model[k].4), 0.), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))))
)
ENGINE = AggregatingMergeTree
ORDER BY (project_id, id)
SETTINGS index_granularity = 64, min_compress_block_size = 4096, max_compress_block_size = 16384,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS observation_pieces_v2
(
  project_id  LowCardinality(String),
  trace_id    String,
  id          String,
  type        SimpleAggregateFunction(max, Tuple(UInt64, String)),
  name        SimpleAggregateFunction(max, Tuple(UInt64, String)),
  start_time  SimpleAggregateFunction(max, Tuple(UInt64, Int64)),
  end_time    SimpleAggregateFunction(max, Tuple(UInt64, Int64)),
  parent_id   SimpleAggregateFunction(max, Tuple(UInt64, String)),
  model       SimpleAggregateFunction(max, Tuple(UInt64, String, Float64, Float64)),
  input       SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  output      SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  metadata    SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  usage       SimpleAggregateFunction(max, Tuple(UInt64, Map(String, UInt64))),
  cost        SimpleAggregateFunction(max, Tuple(UInt64, Map(String, Float64))),
  fields      SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  INDEX observation_pieces_id id TYPE bloom_filter(0.01) GRANULARITY 64
)
ENGINE = AggregatingMergeTree
ORDER BY (project_id, trace_id, id)
SETTINGS index_granularity = 64, min_compress_block_size = 4096, max_compress_block_size = 16384,
  min_bytes_for_wide_part = 1000000000000, min_rows_for_wide_part = 1000000000000,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS observation_traces_v2
(
  project_id LowCardinality(String),
  id         String,
  trace_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (project_id, id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS scores_v2
(
  project_id     LowCardinality(String),
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
ORDER BY (project_id, trace_id, id)
SETTINGS index_granularity = 1024,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS score_times_v2
(
  project_id     LowCardinality(String),
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
ORDER BY (project_id, timestamp, id)
SETTINGS index_granularity = 1024,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS trace_day_writes_v2
(
  project_id LowCardinality(String),
  date       Date,
  id         String,
  rows       UInt64
)
ENGINE = SummingMergeTree
ORDER BY (project_id, date, id)
SETTINGS index_granularity = 1024,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- Series ids: the default project's series keep the ids they were stored with; every other
-- project's ids hash the project with the name and labels (apps/ingest-api metrics/series-id.ts),
-- so two projects never share an id even where a read keys by id alone (caches, sharding).
CREATE TABLE IF NOT EXISTS metric_series_v2
(
  project_id LowCardinality(String),
  name       LowCardinality(String),
  series_id  UInt64,
  labels     Map(String, String)
)
ENGINE = ReplacingMergeTree
ORDER BY (project_id, name, series_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS metric_samples_v2
(
  project_id LowCardinality(String),
  name       LowCardinality(String),
  series_id  UInt64 CODEC(LZ4),
  ts         DateTime64(6, 'UTC') CODEC(Delta, LZ4),
  value      Float64 CODEC(LZ4)
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (project_id, name, series_id, ts)
SETTINGS min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS metric_nonfinite_samples_v2
(
  project_id LowCardinality(String),
  name       LowCardinality(String),
  series_id  UInt64,
  ts         DateTime64(6, 'UTC') CODEC(Delta, LZ4),
  value      Float64,
  stale      UInt8
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (project_id, name, series_id, ts)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE TABLE IF NOT EXISTS metric_minute_rollups_v2
(
  project_id LowCardinality(String),
  name       LowCardinality(String),
  series_id  UInt64,
  minute     UInt32,
  rows       SimpleAggregateFunction(sum, UInt64),
  seconds    SimpleAggregateFunction(groupBitOr, UInt64),
  sum        SimpleAggregateFunction(sum, Float64),
  min        SimpleAggregateFunction(min, Float64),
  max        SimpleAggregateFunction(max, Float64),
  last       SimpleAggregateFunction(max, Tuple(DateTime64(6, 'UTC'), Float64)),
  last_ts    SimpleAggregateFunction(max, DateTime64(6, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY intDiv(minute, 44640)
ORDER BY (project_id, name, minute, series_id)
SETTINGS min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- The rows stored before, into the default project. Each table is copied as it is, the views'
-- targets too (a sixth of the samples' rows for the per-minute rows), before the views below
-- exist, so nothing is computed twice.
INSERT INTO traces_v2 (project_id, id, timestamp, name, user_id, session_id, release, version, environment, input, output, tags, metadata, obs_ids, obs_start, obs_end, obs_model, obs_usage, obs_cost, obs_count, obs_keys, start_min, end_max, cost_sum, usage_units, price_max, model_obs, model_input, model_output, model_total, model_cost)
SELECT 'spanhouse', id, timestamp, name, user_id, session_id, release, version, environment, input, output, tags, metadata, obs_ids, obs_start, obs_end, obs_model, obs_usage, obs_cost, obs_count, obs_keys, start_min, end_max, cost_sum, usage_units, price_max, model_obs, model_input, model_output, model_total, model_cost
FROM traces;

INSERT INTO observation_pieces_v2 (project_id, trace_id, id, type, name, start_time, end_time, parent_id, model, input, output, metadata, usage, cost, fields)
SELECT 'spanhouse', trace_id, id, type, name, start_time, end_time, parent_id, model, input, output, metadata, usage, cost, fields
FROM observation_pieces;

INSERT INTO observation_traces_v2 (project_id, id, trace_id)
SELECT 'spanhouse', id, trace_id
FROM observation_traces;

INSERT INTO scores_v2 (project_id, trace_id, id, version, is_deleted, timestamp, created_at, name, value, string_value, data_type, source, observation_id, session_id, dataset_run_id, comment, metadata, environment, config_id, queue_id)
SELECT 'spanhouse', trace_id, id, version, is_deleted, timestamp, created_at, name, value, string_value, data_type, source, observation_id, session_id, dataset_run_id, comment, metadata, environment, config_id, queue_id
FROM scores;

INSERT INTO score_times_v2 (project_id, timestamp, id, trace_id, version, is_deleted, name, value, string_value, data_type, source, observation_id, session_id, dataset_run_id, environment, config_id, queue_id)
SELECT 'spanhouse', timestamp, id, trace_id, version, is_deleted, name, value, string_value, data_type, source, observation_id, session_id, dataset_run_id, environment, config_id, queue_id
FROM score_times;

INSERT INTO trace_day_writes_v2 (project_id, date, id, rows)
SELECT 'spanhouse', date, id, rows
FROM trace_day_writes;

INSERT INTO metric_series_v2 (project_id, name, series_id, labels)
SELECT 'spanhouse', name, series_id, labels
FROM metric_series;

INSERT INTO metric_samples_v2 (project_id, name, series_id, ts, value)
SELECT 'spanhouse', name, series_id, ts, value
FROM metric_samples;

INSERT INTO metric_nonfinite_samples_v2 (project_id, name, series_id, ts, value, stale)
SELECT 'spanhouse', name, series_id, ts, value, stale
FROM metric_nonfinite_samples;

INSERT INTO metric_minute_rollups_v2 (project_id, name, series_id, minute, rows, seconds, sum, min, max, last, last_ts)
SELECT 'spanhouse', name, series_id, minute, rows, seconds, sum, min, max, last, last_ts
FROM metric_minute_rollups;

-- The views of 0005/0006, 0008 and 0011 on the new tables, carrying the project.
CREATE MATERIALIZED VIEW IF NOT EXISTS trace_day_writes_v2_view TO trace_day_writes_v2 AS
SELECT project_id, toDate(timestamp) AS date, id, count() AS rows
FROM traces_v2
GROUP BY project_id, date, id;

CREATE MATERIALIZED VIEW IF NOT EXISTS score_times_v2_view TO score_times_v2 AS
SELECT project_id, timestamp, id, trace_id, version, is_deleted, name, value, string_value, data_type, source,
  observation_id, session_id, dataset_run_id, environment, config_id, queue_id
FROM scores_v2;

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
  max(ts) AS last_ts
FROM metric_samples_v2
GROUP BY project_id, name, series_id, minute;
