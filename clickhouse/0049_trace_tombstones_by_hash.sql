-- The tombstones' dictionary keyed by a 64-bit hash of (project, trace) instead of the two strings
-- (docs/decisions/0049-tombstones-by-hash.md): a read looks up every row it keeps, and a
-- UInt64 key is hashed and compared without touching string memory; the writer reloads the whole
-- dictionary after each insert of tombstones, and a load of integers is cheaper than one of
-- strings. `check` is a second, independent hash of the same pair: a read treats a row as deleted
-- only when both agree, so two traces whose first hashes collide never hide each other.
--
-- FINAL keeps the latest deletion of each trace (ReplacingMergeTree on deleted_us; in cluster mode
-- a trace's tombstones are all on its shard, sharded by the same pair). The invalidate query lets a
-- server's periodic reload (the lifetime) skip the load while no tombstone was added or merged.
CREATE DICTIONARY IF NOT EXISTS $DATABASE.trace_tombstones
(
  key        UInt64,
  deleted_us UInt64,
  check      UInt64
)
PRIMARY KEY key
SOURCE(CLICKHOUSE(
  QUERY 'SELECT cityHash64(project_id, trace_id) AS key, deleted_us, sipHash64(project_id, trace_id) AS check FROM $DATABASE.trace_deletions_v2 FINAL'
  INVALIDATE_QUERY 'SELECT count(), max(deleted_us) FROM $DATABASE.trace_deletions_v2'
))
LAYOUT(HASHED_ARRAY())
LIFETIME(MIN 1 MAX 5);

-- Reads of this version use trace_tombstones; the dictionary keyed by the strings would otherwise
-- go on being reloaded by a server for nothing.
DROP DICTIONARY IF EXISTS $DATABASE.trace_deletions;
