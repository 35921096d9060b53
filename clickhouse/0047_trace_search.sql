-- trace_search_v2: one searchable document per trace (docs/search.md, docs/decisions/0044-trace-search-documents.md).
-- The trace list's search reads this table alone for its page and count, so a common term is a
-- count of index hits over one row per trace rather than a set of every matching trace id built
-- from the rows of traces_v2 and observation_pieces_v2 (0040's indexes).
--   texts: every text a person searches in the trace, keyed by where it is: `\0<field>` for the
--     trace's own name, input and output and `\0m\0<key>` for its metadata values, the same after
--     `<observation id>` for each observation's. (version, text) merged by max as in traces_v2, so
--     a field a later piece replaced is replaced here too once the rows merge.
--   timestamp: the trace's (min over its pieces, as traces_v2): the list's default order reads it
--     here. Rows from observation pieces carry the largest DateTime64 so that they never lower it.
--   obs_start: the earliest start of the observations' rows (the largest DateTime64 in the trace's
--     rows): the time a search orders a trace by while it has only observation rows (not merged
--     with its trace rows yet).
--   written_us: when the source rows were accepted (0031), max as in traces_v2: a read leaves out
--     a row written before its trace's tombstone, exactly as it leaves out the rows it came from,
--     so a deleted trace is not found and a trace sent again after its deletion is.
-- Filled by the two views at insert into traces_v2 and observation_pieces_v2 (their text, nothing
-- else, so the ingest writes no new column); the inserts below copy the rows stored before this
-- migration. Every aggregate here is idempotent (min, max by version), so a row written both by a
-- view and by the copy, or copied twice by a rerun, merges to the same document.
-- 8192-row granules: the search reads every granule of a common term, where traces_v2's 64-row
-- granules (chosen for reads by id) cost a hundred times more marks.
-- The index expressions were packages/store search-text.ts's TRACE_SEARCH_INDEXES (words, cjk),
-- character for character; 0050 rebuilt both with an ASCII branch, which search-text.ts now spells.
-- Retention (0030's rule, docs/data-lifecycle.md): a document's time is its trace's timestamp once
-- a trace row is in it, else its observations' earliest start; a row of observation pieces with no
-- start (an update) stays until it merges with its trace's rows, as 0030 keeps such a piece. The
-- TTL's time is capped in 2105 (DateTime ends in 2106: 2299 would wrap to a near date), so a row
-- without a time never comes due.

CREATE TABLE IF NOT EXISTS trace_search_v2
(
  project_id LowCardinality(String),
  trace_id   String,
  timestamp  SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
  obs_start  SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
  texts      SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  written_us SimpleAggregateFunction(max, UInt64) DEFAULT 0,
  INDEX trace_search_words (lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' '))) TYPE text(tokenizer = 'splitByNonAlpha'),
  INDEX trace_search_cjk (arrayStringConcat(extractAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' ')) TYPE text(tokenizer = ngrams(2))
)
ENGINE = AggregatingMergeTree
ORDER BY (project_id, trace_id)
TTL toDateTime(least(if(timestamp < toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), timestamp, obs_start), toDateTime64('2105-12-31 23:59:59', 6, 'UTC'))) + INTERVAL 1 DAY DELETE WHERE dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)) > 0 AND if(timestamp < toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), timestamp, obs_start) < now64(6) - toIntervalDay(dictGetOrDefault('$DATABASE.project_retention', 'days', project_id, toUInt32(0)))
SETTINGS index_granularity = 8192,
  fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_search_v2_traces_view TO trace_search_v2 AS
SELECT project_id, id AS trace_id, timestamp, toDateTime64('2299-12-31 23:59:59', 6, 'UTC') AS obs_start,
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map('\0name', name, '\0input', input, '\0output', output),
    mapApply((k, v) -> (concat('\0m\0', k), v), metadata))) AS texts,
  written_us
FROM traces_v2;

CREATE MATERIALIZED VIEW IF NOT EXISTS trace_search_v2_observations_view TO trace_search_v2 AS
SELECT project_id, trace_id, toDateTime64('2299-12-31 23:59:59', 6, 'UTC') AS timestamp,
  if(start_time.1 = 0, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), fromUnixTimestamp64Micro(start_time.2, 'UTC')) AS obs_start,
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map(concat(id, '\0name'), name, concat(id, '\0input'), input, concat(id, '\0output'), output),
    mapApply((k, v) -> (concat(id, '\0m\0', k), v), metadata))) AS texts,
  written_us
FROM observation_pieces_v2;

INSERT INTO trace_search_v2 (project_id, trace_id, timestamp, obs_start, texts, written_us)
SELECT project_id, id, timestamp, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'),
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map('\0name', name, '\0input', input, '\0output', output),
    mapApply((k, v) -> (concat('\0m\0', k), v), metadata))),
  written_us
FROM traces_v2;

INSERT INTO trace_search_v2 (project_id, trace_id, timestamp, obs_start, texts, written_us)
SELECT project_id, trace_id, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'),
  if(start_time.1 = 0, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'), fromUnixTimestamp64Micro(start_time.2, 'UTC')),
  mapFilter((k, v) -> v.1 > 0, mapConcat(
    map(concat(id, '\0name'), name, concat(id, '\0input'), input, concat(id, '\0output'), output),
    mapApply((k, v) -> (concat(id, '\0m\0', k), v), metadata))),
  written_us
FROM observation_pieces_v2;
