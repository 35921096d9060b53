import type { ReadSettings } from '@spanhouse/db';

/**
 * The settings of every metrics read.
 * - do_not_merge_across_partitions_select_final: FINAL merges rows of one key only within a
 *   partition. Samples are partitioned by month of `ts` and `ts` is in the key, so a key never
 *   spans partitions; a partition folded into one part by a merge
 *   (clickhouse/0003_metrics_fold.sql) is then read as is, like a table without FINAL, instead of
 *   being merge-sorted again at every read. The per-minute rows are partitioned by 31-day spans of
 *   `minute`, likewise in their key.
 * - optimize_use_implicit_projections = 0: the planner otherwise tries each part's implicit
 *   min-max and count projections, which never answer a read grouped by series and bucket.
 * - max_threads = 1 for small reads (see MAX_ONE_THREAD_SERIES_MINUTES).
 */
export function metricsReadSettings(oneThread: boolean): ReadSettings {
  return {
    do_not_merge_across_partitions_select_final: 1,
    optimize_use_implicit_projections: 0,
    ...(oneThread ? { max_threads: 1 } : {}),
  };
}
