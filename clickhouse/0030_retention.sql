-- Retention (docs/data-lifecycle.md): a project keeps its rows for its `retention_days`, or for
-- the instance's default (RETENTION_DAYS, written into instance_settings at every start) when it
-- has none; 0 everywhere keeps them forever.
--
-- instance_settings: values of the configuration that SQL evaluated by the server needs (a TTL
-- rule runs in a merge, where no process's configuration is at hand). One row per version.
CREATE TABLE IF NOT EXISTS instance_settings
(
  name    String,
  value   UInt64,
  version UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY name
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- Each project's retention in days as it applies (its own, else the instance's default; 0 =
-- forever), for both the reads (one dictGet of the request's project per query, a constant) and
-- the TTL rules below (one lookup per row a merge writes). A dictionary rather than a join: TTL
-- expressions cannot join, and the reads need no other table in their FROM (the query port checks
-- every FROM of a data table for its project). The service reloads it after each change; the
-- lifetime catches changes made by other processes. Named with its database, as TTL needs.
CREATE DICTIONARY IF NOT EXISTS $DATABASE.project_retention
(
  id   String,
  days UInt32
)
PRIMARY KEY id
SOURCE(CLICKHOUSE(QUERY 'SELECT id, if(retention_days > 0, retention_days, toUInt32(ifNull((SELECT argMax(value, version) FROM $DATABASE.instance_settings WHERE name = ''retention_days''), 0))) AS days FROM $DATABASE.projects FINAL WHERE deleted = 0'))
LAYOUT(COMPLEX_KEY_HASHED())
LIFETIME(MIN 5 MAX 15);

-- The bytes: a row older than its project's retention is removed by the next merge of its part
-- (TTL; parts with expired rows are merged at least every merge_with_ttl_timeout, 4 h by default),
-- and dropped at insert when it arrives already expired. Never a mutation: the rows go with the
-- merges the table does anyway. Each row's own time decides (a trace piece's timestamp, an
-- observation piece's start, a score's and a sample's time); an observation piece that carries no
-- start (an update of an end time) waits for the merge that folds it into its create. The TTL
-- time is a day past the row's own so that fresh parts are not picked for TTL merges at all.
-- materialize_ttl_after_modify = 0: existing parts get the rule at their next merge, not in a
-- rewrite of every part now.
ALTER TABLE traces_v2 MODIFY TTL toDateTime(timestamp) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND timestamp < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE observation_pieces_v2 MODIFY TTL toDateTime(intDiv(start_time.2, 1000000)) + INTERVAL 1 DAY DELETE WHERE start_time.1 > 0 AND dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND start_time.2 < toUnixTimestamp64Micro(now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE scores_v2 MODIFY TTL toDateTime(timestamp) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND timestamp < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE score_times_v2 MODIFY TTL toDateTime(timestamp) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND timestamp < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE trace_day_writes_v2 MODIFY TTL date + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND date < toDate(now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE metric_samples_v2 MODIFY TTL toDateTime(ts) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND ts < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE metric_nonfinite_samples_v2 MODIFY TTL toDateTime(ts) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND ts < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0))) SETTINGS materialize_ttl_after_modify = 0;

ALTER TABLE metric_minute_rollups_v2 MODIFY TTL toDateTime(minute * 60) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND minute < toUInt32(intDiv(toUnixTimestamp(now() - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)))), 60)) SETTINGS materialize_ttl_after_modify = 0;
