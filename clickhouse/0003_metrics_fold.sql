-- Fold quiet partitions of metric_samples into one part, so reads skip FINAL's merge there.
-- Readers use FINAL (the value stored last wins for a repeated (series, ts)); FINAL has to
-- merge-sort the parts of a partition at every read (3-4x a plain scan with a handful of parts)
-- unless the partition is one part written by a merge, which is already deduplicated: the
-- readers set do_not_merge_across_partitions_select_final, and ClickHouse then reads such a
-- partition like a plain table (apps/query-api/src/metrics/read.ts).
-- min_age_to_force_merge_seconds: once every part of a partition is older than 600 s (no insert
-- into it for 10 minutes: a backfill has finished, a month is over), merge the whole partition
-- into one part. A partition that keeps receiving points (the current month under steady
-- ingest) is not forced and merges as usual. Cost: a writer that pauses longer than that
-- between inserts rewrites its current month partition once per pause (on the reference set,
-- 8.64 M points, about 1.5 s of CPU); a short age (30 s was tried) would do that at every
-- scrape of a 60 s scraper, so the age is kept long: data written in the last minutes is read
-- with FINAL's merge.
ALTER TABLE metric_samples MODIFY SETTING min_age_to_force_merge_seconds = 600, min_age_to_force_merge_on_partition_only = 1;

-- Codecs: LZ4 instead of ZSTD(1) on the samples' columns. Reads are dominated by decompressing
-- them: query (c) of the reference set (2.16 M points, one folded part) took 370-390 ms with
-- LZ4 against 550-570 ms with ZSTD, measured alternately on the same data under the same load.
-- Cost: about 10 MiB more on disk for the 8.64 M points (value: 32.7 MiB against 22.5 MiB).
-- Applies to parts written or merged from now on.
ALTER TABLE metric_samples
  MODIFY COLUMN series_id UInt64 CODEC(LZ4),
  MODIFY COLUMN ts DateTime64(6, 'UTC') CODEC(Delta, LZ4),
  MODIFY COLUMN value Float64 CODEC(LZ4);
