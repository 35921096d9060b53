-- traces: one logical row per trace id, stored as pieces.
-- A trace arrives in pieces (batch requests, OTLP spans spread over several exports, trace
-- attributes on any span). Each piece is one row; AggregatingMergeTree folds the pieces in
-- background merges, and readers use FINAL for the pieces not yet merged. Every column is an
-- idempotent aggregate, so a re-sent piece changes nothing (the merge rule of docs/api.md):
--   timestamp       min: the earliest timestamp wins;
--   scalar fields   max((version, value)): the latest non-empty value wins; empty values carry
--                   version 0 so they never beat a real one;
--   tags            union; metadata: per top-level key, the latest value (JSON text);
--   obs             per observation id, its latest summary (model, usage, cost, times), so list
--                   and daily queries read this one table and never join 10x more observation rows.
-- ORDER BY id: the only field of a trace that never changes (its timestamp can move earlier).
-- Small granules and compression blocks (both tables): a page of the list and a single trace are
-- point reads by key, and ClickHouse decompresses whole blocks, so the default 8192-row granules
-- would decompress tens of MB to fetch 50 traces (figures: docs/decisions/0002-trace-storage.md).
CREATE TABLE IF NOT EXISTS traces
(
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
  obs         SimpleAggregateFunction(maxMap, Map(String, Tuple(
                version UInt64, model String, usage_input UInt64, usage_output UInt64,
                usage_total UInt64, cost Float64, start_us Int64, end_us Int64))) CODEC(ZSTD(1))
)
ENGINE = AggregatingMergeTree
ORDER BY id
SETTINGS index_granularity = 64, min_compress_block_size = 4096, max_compress_block_size = 16384;

-- observations: keyed by (trace_id, id); a re-sent observation replaces the older copy
-- (ReplacingMergeTree on the ingest version), FINAL at read. trace_id leads the key because
-- every read of full observations is "all observations of one trace".
-- observations is only ever read by trace (never scanned), so its parts stay Compact (every
-- column of a granule in one file): one read per trace instead of one per column. traces stays
-- Wide: the list scans a few of its columns.
CREATE TABLE IF NOT EXISTS observations
(
  trace_id     String,
  id           String,
  version      UInt64,
  type         LowCardinality(String),
  name         String,
  start_time   DateTime64(6, 'UTC') CODEC(Delta, ZSTD(1)),
  end_time     Nullable(DateTime64(6, 'UTC')),
  parent_id    Nullable(String),
  model        LowCardinality(String),
  environment  LowCardinality(String),
  input        String CODEC(ZSTD(3)),
  output       String CODEC(ZSTD(3)),
  metadata     String CODEC(ZSTD(3)),
  usage_input  UInt64,
  usage_output UInt64,
  usage_total  UInt64,
  cost         Float64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (trace_id, id)
SETTINGS index_granularity = 64, min_compress_block_size = 4096, max_compress_block_size = 16384,
  min_bytes_for_wide_part = 1000000000000, min_rows_for_wide_part = 1000000000000;
