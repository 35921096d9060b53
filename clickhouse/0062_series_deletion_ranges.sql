-- Per deleted series, every range its deletions cover (`starts`, `ends`: one element per
-- deletion), so a read leaves out the points inside any of them and keeps the points between two
-- deletions of separate ranges, as Prometheus does. `first_us` and `last_us` bound them all: a
-- point outside that hull is kept after one lookup. Reads test only the points of series with a
-- deletion (the store's series-deletions conditions). Reloaded by the process that deletes; the
-- lifetime catches other processes.
CREATE DICTIONARY IF NOT EXISTS $DATABASE.series_deletion_ranges
(
  project_id String,
  series_id  UInt64,
  first_us   Int64,
  last_us    Int64,
  starts     Array(Int64),
  ends       Array(Int64)
)
PRIMARY KEY project_id, series_id
SOURCE(CLICKHOUSE(QUERY 'SELECT project_id, series_id, min(start_us) AS first_us, max(end_us) AS last_us, groupArray(start_us) AS starts, groupArray(end_us) AS ends FROM $DATABASE.series_deletions_v2 FINAL GROUP BY project_id, series_id'))
LAYOUT(COMPLEX_KEY_HASHED())
LIFETIME(MIN 1 MAX 5);

-- Reads of this version use series_deletion_ranges; the dictionary of one range per series would
-- otherwise go on being reloaded by a server for nothing.
DROP DICTIONARY IF EXISTS $DATABASE.series_deletions;
