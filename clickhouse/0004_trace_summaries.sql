-- Per-trace summaries of the `obs` map as plain aggregates. The list ordered by latency or
-- totalCost and the daily report otherwise read the whole map (ten tuples per trace, ~1 KB) for
-- every trace. ClickHouse computes the summaries at insert from
-- the piece's own obs (DEFAULT), and merges fold them like every other column.
--
-- Sums count an observation once per piece that carries it, so a re-sent or updated observation
-- is counted twice; the map keeps one entry per id. Two ways readers stay exact
-- (apps/query-api/src/traces/summaries.ts):
--   * bounds: start_min, end_max and cost_sum include every version ever sent, so
--     (end_max - start_min) and cost_sum are upper bounds of the exact latency and cost (costs are
--     never negative), equal to them when nothing was sent twice. Top-k by latency or cost desc
--     takes candidates by bound and ranks them by the exact value from the map;
--   * a test for "nothing sent twice": obs_count (distinct observation ids per piece, summed)
--     equals length(obs_keys) (the union of their hashes). For those traces obs_count, cost_sum
--     and the per-model maps are exact; the daily report reads the map only for the others.
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_count SimpleAggregateFunction(sum, UInt64) DEFAULT length(obs);
ALTER TABLE traces ADD COLUMN IF NOT EXISTS obs_keys SimpleAggregateFunction(groupUniqArrayArray, Array(UInt64)) DEFAULT arrayMap(k -> sipHash64(k), mapKeys(obs));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS start_min SimpleAggregateFunction(min, Int64) DEFAULT if(empty(obs), 9223372036854775807, arrayMin(obs.values.start_us));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS end_max SimpleAggregateFunction(max, Int64) DEFAULT if(empty(obs), -9223372036854775808, arrayMax(obs.values.end_us));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS cost_sum SimpleAggregateFunction(sum, Float64) DEFAULT arraySum(obs.values.cost);
-- Per model ('' for observations without one): observations, usage and cost, for the daily report.
ALTER TABLE traces ADD COLUMN IF NOT EXISTS model_obs SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(obs.values.model), arrayMap(m -> toUInt64(countEqual(obs.values.model, m)), arrayDistinct(obs.values.model)));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS model_input SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(obs.values.model), arrayMap(m -> arraySum(arrayFilter((u, k) -> k = m, obs.values.usage_input, obs.values.model)), arrayDistinct(obs.values.model)));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS model_output SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(obs.values.model), arrayMap(m -> arraySum(arrayFilter((u, k) -> k = m, obs.values.usage_output, obs.values.model)), arrayDistinct(obs.values.model)));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS model_total SimpleAggregateFunction(sumMap, Map(String, UInt64)) DEFAULT mapFromArrays(arrayDistinct(obs.values.model), arrayMap(m -> arraySum(arrayFilter((u, k) -> k = m, obs.values.usage_total, obs.values.model)), arrayDistinct(obs.values.model)));
ALTER TABLE traces ADD COLUMN IF NOT EXISTS model_cost SimpleAggregateFunction(sumMap, Map(String, Float64)) DEFAULT mapFromArrays(arrayDistinct(obs.values.model), arrayMap(m -> arraySum(arrayFilter((c, k) -> k = m, obs.values.cost, obs.values.model)), arrayDistinct(obs.values.model)));
-- Rows stored before this migration get the columns computed on read until this rewrites them.
ALTER TABLE traces MATERIALIZE COLUMN obs_count, MATERIALIZE COLUMN obs_keys, MATERIALIZE COLUMN start_min, MATERIALIZE COLUMN end_max, MATERIALIZE COLUMN cost_sum, MATERIALIZE COLUMN model_obs, MATERIALIZE COLUMN model_input, MATERIALIZE COLUMN model_output, MATERIALIZE COLUMN model_total, MATERIALIZE COLUMN model_cost;
