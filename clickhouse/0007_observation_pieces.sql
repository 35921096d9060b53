-- Observations as pieces, merged field by field like traces (0001). An ingestion API update
-- (`span-update`, `generation-update`) carries only the fields it changes (end time, output, usage,
-- level, ...) and may arrive before or after its create, in the same request or much later; the
-- ReplacingMergeTree of 0001 kept only the newest whole row, so an update wiped its create.
--
-- observation_pieces: one row per piece (a create, an update, an OTLP span, a batch observation).
-- Every field is an idempotent aggregate: max((version, value)), so the latest non-empty value
-- wins and empty values carry version 0 (they never win); a default the sender did not give
-- (the start of an update whose create was never seen) carries version 1, so any real value beats
-- it. Times are microseconds since the epoch. usage and cost are replaced as a whole (a newer
-- non-empty usage replaces the older one, as Langfuse does); metadata merges per top-level key.
-- Fields most pieces do not carry (environment, version, level, status_message,
-- completion_start_time, model_parameters, prompt_name, prompt_version, events) share one map,
-- merged per key by the same rule: an empty map costs next to nothing to parse and store, where a
-- column per field cost every insert a tuple to parse and two streams to write
-- (docs/decisions/0021-observation-pieces-and-scores.md).
-- The model carries the unit prices it was priced with, so a cost is computed when the model and
-- the usage come in different pieces (apps/query-api/src/observations/columns.ts).
-- Same key, granules and Compact parts as 0001's table (every read is "the observations of a
-- trace", or scans).
CREATE TABLE IF NOT EXISTS observation_pieces
(
  trace_id              String,
  id                    String,
  type                  SimpleAggregateFunction(max, Tuple(UInt64, String)),
  name                  SimpleAggregateFunction(max, Tuple(UInt64, String)),
  start_time            SimpleAggregateFunction(max, Tuple(UInt64, Int64)),
  end_time              SimpleAggregateFunction(max, Tuple(UInt64, Int64)),
  parent_id             SimpleAggregateFunction(max, Tuple(UInt64, String)),
  model                 SimpleAggregateFunction(max, Tuple(UInt64, String, Float64, Float64)),
  input                 SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  output                SimpleAggregateFunction(max, Tuple(UInt64, String)) CODEC(ZSTD(3)),
  metadata              SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  usage                 SimpleAggregateFunction(max, Tuple(UInt64, Map(String, UInt64))),
  cost                  SimpleAggregateFunction(max, Tuple(UInt64, Map(String, Float64))),
  fields                SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String))) CODEC(ZSTD(3)),
  -- GET /api/public/observations/:id knows no trace: one bloom filter per 4096 rows finds its rows.
  INDEX observation_pieces_id id TYPE bloom_filter(0.01) GRANULARITY 64
)
ENGINE = AggregatingMergeTree
ORDER BY (trace_id, id)
SETTINGS index_granularity = 64, min_compress_block_size = 4096, max_compress_block_size = 16384,
  min_bytes_for_wide_part = 1000000000000, min_rows_for_wide_part = 1000000000000;

-- The observations stored before, each as one piece of the same version. Metadata JSON text becomes
-- its top-level keys; level and statusMessage, which OTLP error spans kept in metadata, also fill
-- the new columns. Usage and cost of 0 were "none given", so they stay absent; a stored cost
-- becomes the provided total, so every answer stays what it was.
INSERT INTO observation_pieces (trace_id, id, type, name, start_time, end_time, parent_id, model, input, output, metadata, usage, cost, fields)
SELECT trace_id, id, (version, type), (if(name = '', 0, version), name),
  (version, toUnixTimestamp64Micro(start_time)),
  if(end_time IS NULL, (toUInt64(0), toInt64(0)), (version, toUnixTimestamp64Micro(assumeNotNull(end_time)))),
  if(parent_id IS NULL, (toUInt64(0), ''), (version, assumeNotNull(parent_id))),
  (if(model = '', 0, version), model, 0., 0.),
  (if(input = '', 0, version), input), (if(output = '', 0, version), output),
  CAST(mapFromArrays(JSONExtractKeys(metadata), arrayMap(k -> (version, JSONExtractRaw(metadata, k)), JSONExtractKeys(metadata))), 'Map(String, Tuple(UInt64, String))'),
  if(usage_input + usage_output + usage_total = 0, (toUInt64(0), CAST(map(), 'Map(String, UInt64)')),
     (version, map('input', usage_input, 'output', usage_output, 'total', usage_total))),
  if(cost = 0, (toUInt64(0), CAST(map(), 'Map(String, Float64)')), (version, map('total', cost))),
  CAST(mapFilter((k, v) -> v.2 != '', map('environment', (version, environment),
    'level', (version, JSONExtractString(metadata, 'level')),
    'status_message', (version, JSONExtractString(metadata, 'statusMessage')))), 'Map(String, Tuple(UInt64, String))')
FROM observations FINAL;

DROP TABLE IF EXISTS observations;

-- Observation id -> trace id, for an ingestion API update that names no traceId (Langfuse's
-- clients may omit it): written for every ingestion API observation event that names its trace.
CREATE TABLE IF NOT EXISTS observation_traces
(
  id       String,
  trace_id String
)
ENGINE = ReplacingMergeTree
ORDER BY id;

-- The trace's per-observation summary (0001's `obs`) field by field: an update with only an end
-- time must not wipe the model and usage its create brought. One map per field, each merged per
-- observation id by its own version; `obs` stays for rows stored before and is no longer written.
-- obs_start has an entry for every observation of a piece (a weak one, version 1, when the piece
-- has no start), obs_ids lists them; obs_cost holds provided costs only: otherwise a cost is the
-- usage times the unit prices kept with the model (0 for unknown models).
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_ids SimpleAggregateFunction(groupUniqArrayArray, Array(String)) DEFAULT mapKeys(obs) CODEC(ZSTD(1));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_start SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Int64))) DEFAULT mapApply((k, o) -> (k, (o.1, o.7)), obs) CODEC(ZSTD(1));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_end SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Int64))) DEFAULT mapApply((k, o) -> (k, (o.1, o.8)), obs) CODEC(ZSTD(1));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_model SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, String, Float64, Float64))) DEFAULT mapApply((k, o) -> (k, (o.1, o.2, 0., 0.)), obs) CODEC(ZSTD(1));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_usage SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, UInt64, UInt64, UInt64))) DEFAULT mapApply((k, o) -> (k, (o.1, o.3, o.4, o.5)), obs) CODEC(ZSTD(1));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_cost SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, Float64))) DEFAULT mapApply((k, o) -> (k, (o.1, o.6)), obs) CODEC(ZSTD(1));
-- 0004's summaries, now computed from a piece's field maps (same meaning: exact for traces whose
-- observations each came in one piece, bounds otherwise). A piece's cost of an observation is its
-- provided cost, else its usage times its model's prices when it has both.
ALTER TABLE traces MODIFY COLUMN obs_count DEFAULT length(obs_ids);
ALTER TABLE traces MODIFY COLUMN obs_keys DEFAULT arrayMap(k -> sipHash64(k), obs_ids);
ALTER TABLE traces MODIFY COLUMN start_min DEFAULT if(empty(obs_start), 9223372036854775807, arrayMin(arrayMap(s -> s.2, mapValues(obs_start))));
ALTER TABLE traces MODIFY COLUMN end_max DEFAULT if(empty(obs_start), -9223372036854775808, greatest(arrayMax(arrayMap(s -> s.2, mapValues(obs_start))), if(empty(obs_end), -9223372036854775808, arrayMax(arrayMap(e -> e.2, mapValues(obs_end))))));
ALTER TABLE traces MODIFY COLUMN cost_sum DEFAULT arraySum(arrayMap(k -> if(mapContains(obs_cost, k), obs_cost[k].2, obs_usage[k].2 * obs_model[k].3 + obs_usage[k].3 * obs_model[k].4), obs_ids));
ALTER TABLE traces MODIFY COLUMN model_obs DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> toUInt64(countEqual(arrayMap(k -> obs_model[k].2, obs_ids), m)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
ALTER TABLE traces MODIFY COLUMN model_input DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].2, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
ALTER TABLE traces MODIFY COLUMN model_output DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].3, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
ALTER TABLE traces MODIFY COLUMN model_total DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage[k].4, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
ALTER TABLE traces MODIFY COLUMN model_cost DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, if(mapContains(obs_cost, k), obs_cost[k].2, obs_usage[k].2 * obs_model[k].3 + obs_usage[k].3 * obs_model[k].4), 0.), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
-- For traces whose observations came in several pieces the cost bound needs more than cost_sum: a
-- cost computed from one piece's model and another's usage is in no piece's sum. Every such cost
-- is at most (input + output units of any piece) x (the highest unit price of any piece).
ALTER TABLE traces ADD COLUMN IF NOT EXISTS usage_units SimpleAggregateFunction(sum, UInt64) DEFAULT arraySum(arrayMap(u -> u.2 + u.3, mapValues(obs_usage)));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS price_max SimpleAggregateFunction(max, Float64) DEFAULT if(empty(obs_model), 0., arrayMax(arrayMap(m -> greatest(m.3, m.4), mapValues(obs_model))));
-- Rows stored before get the new columns computed on read until this rewrites them.
ALTER TABLE traces MATERIALIZE COLUMN obs_ids, MATERIALIZE COLUMN obs_start, MATERIALIZE COLUMN obs_end, MATERIALIZE COLUMN obs_model, MATERIALIZE COLUMN obs_usage, MATERIALIZE COLUMN obs_cost, MATERIALIZE COLUMN usage_units, MATERIALIZE COLUMN price_max;
