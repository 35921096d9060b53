-- Fold quiet partitions of metric_samples into one part, so reads skip FINAL's merge there.
-- Readers use FINAL (the value stored last wins for a repeated (series, ts)); FINAL has to
-- merge-sort the parts of a partition at every read unless the partition is one part written by
-- a merge, which is already deduplicated: the readers set
-- do_not_merge_across_partitions_select_final, and ClickHouse then reads such a partition like a
-- plain table (apps/query-api/src/metrics/read-settings.ts).
-- min_age_to_force_merge_seconds: once every part of a partition is older than 600 s (no insert
-- into it for 10 minutes: a backfill has finished, a month is over), merge the whole partition
-- into one part. A partition that keeps receiving points (the current month under steady
-- ingest) is not forced and merges as usual. Cost: a writer that pauses longer than that
-- between inserts rewrites its current month partition once per pause; a short age would do that
-- at every scrape of a slow scraper, so the age is kept long: data written in the last minutes is
-- read with FINAL's merge (docs/decisions/0006-metrics-storage.md).
ALTER TABLE metric_samples MODIFY SETTING min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1;

-- Codecs: LZ4 instead of ZSTD(1) on the samples' columns. Wide reads are dominated by
-- decompressing them, and LZ4 decompresses faster at a little more disk
-- (docs/decisions/0006-metrics-storage.md). Applies to parts written or merged from now on.
ALTER TABLE metric_samples
  MODIFY COLUMN series_id UInt64 CODEC(LZ4),
  MODIFY COLUMN ts DateTime64(6, 'UTC') CODEC(Delta, LZ4),
  MODIFY COLUMN value Float64 CODEC(LZ4);
