-- Usage of every kind that counts as input or output. obs_usage keeps (version, input, output,
-- total) of the kinds named exactly `input` and `output`: the units the prices apply to (a price
-- table prices those two only; cached or reasoning tokens are not priced at the input price), so
-- cost_sum, usage_units and every cost stay as they are. The daily report and the trace list count
-- tokens as Langfuse does: every usage kind whose name contains "input" (case-insensitive) is
-- input, every kind containing "output" is output (`input_cached_tokens`, `input_audio`,
-- `output_reasoning_tokens`, ...). obs_usage_kinds holds, per observation id, (version, units of
-- the input kinds, units of the output kinds), merged by version like obs_usage; the writer gives
-- both with the same version, so the kept entries are of the same piece.
-- Rows stored before, and rows inserted without the column (log records of the version before),
-- take it from obs_usage: they read as they did. No MATERIALIZE: such parts compute it on read from
-- obs_usage, which a read of the kinds then reads instead, and merges write it; rewriting every
-- part of the table at upgrade would buy nothing else.
-- The per-model summaries of input and output (0007's model_input, model_output) now sum the kinds;
-- the writer computes them (so stored rows keep theirs), and the DEFAULT says what they mean.
ALTER TABLE traces_v2 ADD COLUMN IF NOT EXISTS obs_usage_kinds SimpleAggregateFunction(maxMap, Map(String, Tuple(UInt64, UInt64, UInt64))) DEFAULT mapApply((k, u) -> (k, (u.1, u.2, u.3)), obs_usage) CODEC(ZSTD(1)) AFTER obs_cost;
ALTER TABLE traces_v2 MODIFY COLUMN model_input DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage_kinds[k].2, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
ALTER TABLE traces_v2 MODIFY COLUMN model_output DEFAULT mapFromArrays(arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids)), arrayMap(m -> arraySum(arrayMap(k -> if(obs_model[k].2 = m, obs_usage_kinds[k].3, 0), obs_ids)), arrayDistinct(arrayMap(k -> obs_model[k].2, obs_ids))));
