-- trace_tombstones_settled_by_table: how far the tombstones are settled, per trace table
-- (docs/decisions/0095-settled-per-table.md), replacing 0058's one mark for every table. A row
-- (table_name, settled_us, at_us) says: every tombstone with deleted_us <= settled_us has had every
-- row of its trace written before it masked in that table by a finished purge, and no such row
-- can reach that table any more. The latest row of a table (by at_us) counts, so the writer can
-- also lower a mark (to 0 before it replays its log). A scan of a table skips the per-row
-- tombstone lookup of a project whose latest tombstone is at or below that table's mark: a table
-- whose DELETEs take a second (the trace rows, their search documents) no longer waits for one
-- whose DELETEs take minutes (the observation pieces). Written only by an embedded store's one
-- ingest writer; empty (every tombstone unsettled, the reads as before) in server and cluster mode.
--
-- 0058's table is dropped: nothing reads it from here on, and a writer that starts settles every
-- stored tombstone again (into this table) once its log's replay is committed.
CREATE TABLE IF NOT EXISTS trace_tombstones_settled_by_table
(
  table_name LowCardinality(String),
  settled_us UInt64,
  at_us      UInt64
)
ENGINE = ReplacingMergeTree(at_us)
ORDER BY table_name
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

DROP TABLE IF EXISTS trace_tombstones_settled;

-- A purge of the observation pieces (compact parts: a DELETE writes each part holding a deleted
-- trace again) takes minutes at a million traces, one task per part, and the engine's merges and
-- mutations share one pool (four tasks on the embedded engine, whose size db/priorities.ts sets).
-- Taking every task of it, it held the other tables' purges (a second each) for those minutes,
-- and with them their marks above. A part of the pieces starts its mutation only while three tasks
-- of the pool are free: at most two at once, and two are left to the other tables.
ALTER TABLE observation_pieces_v2 MODIFY SETTING number_of_free_entries_in_pool_to_execute_mutation = 3;
