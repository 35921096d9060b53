-- trace_search_v3: trace_search_v2 (0047, its indexes as 0050 rebuilt them) with granules of at
-- most 1 MiB instead of the engine's 10 MiB (docs/decisions/0073-trace-search-small-granules.md).
-- A merge of this table holds a granule of every part it reads, so the granule's size bounds what
-- a merge under the write load keeps resident; at 10 MiB a granule is about a thousand documents of
-- an LLM trace.
-- index_granularity_bytes cannot be altered on a table, hence a new one. The views write into it
-- first (a row both old and new views wrote merges to the same document: every aggregate is
-- idempotent), then the stored parts are attached to it as they are (hard links: no copy, no
-- re-indexing; they keep their granules until they merge), and MATERIALIZE INDEX builds the
-- indexes of any part 0050's background rebuild had not reached yet (a no-op for a part that has
-- them). Columns, indexes, TTL and views are 0047's and 0050's, character for character.

CREATE TABLE IF NOT EXISTS trace_search_v3
(
  project_id LowCardinality(String),
  trace_id   String,
  timestamp  SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
  obs_start  SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
  texts      SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  written_us SimpleAggregateFunction(max, UInt64) DEFAULT 0,
  INDEX trace_search_words (if(isValidASCII(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' ')), lower(replaceRegexpAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')), lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')))) TYPE text(tokenizer = 'splitByNonAlpha'),
  INDEX trace_search_cjk (if(isValidASCII(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' ')), '', arrayStringConcat(extractAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' '))) TYPE text(tokenizer = ngrams(2))
)
ENGINE = AggregatingMergeTree
ORDER BY (project_id, trace_id)
TTL toDateTime(least(if(timestamp < toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), timestamp, obs_start), toDateTime64('2105-12-31 23:59:59', 6, 'UTC'))) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND if(timestamp < toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), timestamp, obs_start) < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)))
SETTINGS index_granularity = 8192, index_granularity_bytes = 1048576,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_search_v3_traces_view TO trace_search_v3 AS
SELECT project_id, id AS trace_id, timestamp, toDateTime64('2299-12-31 23:59:59', 6, 'UTC') AS obs_start,
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map('\0name', name, '\0input', input, '\0output', output),
    mapApply((k, v) -> (concat('\0m\0', k), v), metadata))) AS texts,
  written_us
FROM traces_v2;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_search_v3_observations_view TO trace_search_v3 AS
SELECT project_id, trace_id, toDateTime64('2299-12-31 23:59:59', 6, 'UTC') AS timestamp,
  if(start_time.1 = 0, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), fromUnixTimestamp64Micro(start_time.2, 'UTC')) AS obs_start,
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map(concat(id, '\0name'), name, concat(id, '\0input'), input, concat(id, '\0output'), output),
    mapApply((k, v) -> (concat(id, '\0m\0', k), v), metadata))) AS texts,
  written_us
FROM observation_pieces_v2;

DROP VIEW IF EXISTS trace_search_v2_traces_view;
DROP VIEW IF EXISTS trace_search_v2_observations_view;
ALTER TABLE trace_search_v3 ATTACH PARTITION ID 'all' FROM trace_search_v2;
ALTER TABLE trace_search_v3 MATERIALIZE INDEX trace_search_words SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v3 MATERIALIZE INDEX trace_search_cjk SETTINGS mutations_sync = 0;
DROP TABLE IF EXISTS trace_search_v2;
