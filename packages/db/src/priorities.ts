/**
 * Who gets the two cores first when reads, the writer's inserts and merges want them at once. The
 * engine runs inside the service's process, so a read that waits for CPU behind an insert or a
 * merge is a slower answer, while an insert or merge that yields a few milliseconds to a read only
 * makes rows readable a little later. ClickHouse sets these Linux nice values on its own threads
 * while they run that work (a positive value needs no privilege); reads keep nice 0.
 * Figures: docs/decisions/0066-reads-before-inserts-and-merges.md.
 */

/**
 * Server settings of the embedded engine: merges and mutations run at nice 10, in a pool of two
 * threads with two tasks each (chDB's default, set here because the observation pieces' mutations
 * are bounded against it: clickhouse/0059 lets them take two of its four tasks, never all).
 */
export const ENGINE_PRIORITY_SETTINGS = {
  os_threads_nice_value_merge_mutate: 10,
  background_pool_size: 2,
  background_merges_mutations_concurrency_ratio: 2,
} as const;

/**
 * Session settings of the embedded writer's connection: its inserts, and the materialized views
 * they feed, run at nice 10. Embedded only: a server may predate these settings (an unknown
 * setting fails the insert), and its scheduling is its operator's.
 */
export const WRITER_SETTINGS = {
  os_threads_nice_value_query: 10,
  os_threads_nice_value_materialized_view: 10,
} as const;
