-- Parts are synced to disk before an insert returns, and merged parts before they replace their
-- sources. The ingest log removes a segment once every row in it is committed to ClickHouse; if
-- a committed part could still be lost to a power cut, so could those rows, which were
-- acknowledged. Inserts come from the log in large blocks (a few per second per table at most),
-- so a sync per insert and per merge is a small cost.
ALTER TABLE traces MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE observation_pieces MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE observation_traces MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE scores MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE score_times MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE metric_series MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE metric_samples MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE metric_minute_rollups MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
ALTER TABLE metric_nonfinite_samples MODIFY SETTING fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
