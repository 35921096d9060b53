-- trace_tombstones_settled: how far the tombstones are settled (docs/decisions/0090-settled-tombstones.md).
-- A row (settled_us, at_us) says: every tombstone with deleted_us <= settled_us has had every row
-- of its trace written before it masked by a finished purge, and no such row can reach a trace
-- table any more. The latest row (by at_us) counts, so the writer can also lower the mark (to 0
-- before it replays its log). A read skips the per-row tombstone lookup of a project whose latest
-- tombstone is at or below the mark. Written only by an embedded store's one ingest writer; empty
-- (every tombstone unsettled, the reads as before) in server and cluster mode.
CREATE TABLE IF NOT EXISTS trace_tombstones_settled
(
  settled_us UInt64,
  at_us      UInt64
)
ENGINE = ReplacingMergeTree(at_us)
ORDER BY tuple()
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
