import { type Db, type QueryParams, tagSettings } from '@spanhouse/db';

/**
 * Reads of at most this many (series x minutes of the window) run on one thread. Their work is a
 * few granules per series, and at that size starting and joining a second pipeline thread costs
 * more than it shares: measured in chDB on the reference set, reference query (a) (1 series over
 * a day) 9.6-10.0 -> 8.3-8.6 ms, (d) (10 series over 12 h) unchanged within noise; larger reads
 * ((b): 50 series over a day) lose 15-20 % on one thread.
 */
export const MAX_ONE_THREAD_SERIES_MINUTES = 10_000;

/**
 * The SETTINGS clause of every metrics read (a clause rather than connection settings: chDB runs
 * each connection setting as a separate SET statement, about 0.7 ms per query).
 * - do_not_merge_across_partitions_select_final: FINAL merges rows of one key only within a
 *   partition. Samples are partitioned by month of `ts` and `ts` is in the key, so a key never
 *   spans partitions; a partition folded into one part by a merge
 *   (clickhouse/0003_metrics_fold.sql) is then read as is, like a table without FINAL, instead of
 *   being merge-sorted again at every read (query (c) of the reference set on one part, 340 ms
 *   before). The per-minute rows are partitioned by 31-day spans of `minute`, likewise in their key.
 * - optimize_use_implicit_projections = 0: the planner otherwise tries each part's implicit
 *   min-max and count projections, which never answer a read grouped by series and bucket;
 *   about 0.5 ms of planning per read in chDB (reference query (a), 8.3-8.6 -> 7.7-8.1 ms).
 * - max_threads = 1 for small reads (MAX_ONE_THREAD_SERIES_MINUTES).
 */
export function metricsReadSettings(seriesMinutes: number): string {
  const threads = seriesMinutes <= MAX_ONE_THREAD_SERIES_MINUTES ? ', max_threads = 1' : '';
  return `SETTINGS do_not_merge_across_partitions_select_final = 1, optimize_use_implicit_projections = 0${threads}`;
}

/**
 * Runs a read returning JSONCompact (one JSON document, rows as arrays) and maps each row. For
 * results of thousands of rows this is ~2x cheaper than JSONEachRow, which the client parses
 * line by line (measured: 7200 bucket rows in 40 ms instead of 62 ms). Rows are checked and
 * mapped here, at the boundary, like queryRows does for objects.
 */
export async function queryCompact<T>(
  db: Db,
  q: { sql: string; params: QueryParams; tag: string; signal?: AbortSignal; map: (row: unknown[]) => T },
): Promise<T[]> {
  return db.withReader(async (client) => {
    const rs = await client.query({
      query: q.sql,
      query_params: q.params,
      format: 'JSONCompact',
      clickhouse_settings: tagSettings(db, q.tag),
      abort_signal: q.signal,
    });
    const body: unknown = await rs.json();
    const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) throw new Error(`${q.tag}: expected JSONCompact data`);
    return data.map((row) => {
      if (!Array.isArray(row)) throw new Error(`${q.tag}: expected a row array`);
      return q.map(row);
    });
  });
}
