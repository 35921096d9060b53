import { TABLES } from '@spanhouse/db/tables';

/*
 * `series_deletions_v2` (clickhouse/0032): the metric series deleted through Prometheus' admin API,
 * each with the time range deleted (µs, inclusive). Writer: seriesDeletionRow (JSONEachRow through
 * the writer connection, synced before the answer). Reader: the `series_deletions` dictionary, one
 * lookup per point read (seriesDeletionConditions, added by fromProject).
 */

/** The dictionary the reads look deleted ranges up in; reloaded after each deletion. */
export const SERIES_DELETIONS_DICTIONARY = 'series_deletions';

export type SeriesDeletionRow = {
  project_id: string;
  series_id: string;
  start_us: number;
  end_us: number;
  deleted_us: number;
};

/** Per metric table, its point time in µs. */
const POINT_TIME_US: Readonly<Record<string, string>> = {
  [TABLES.metricSamples]: `toUnixTimestamp64Micro(${TABLES.metricSamples}.ts)`,
  [TABLES.metricNonFinite]: `toUnixTimestamp64Micro(${TABLES.metricNonFinite}.ts)`,
  // A minute is left out when it starts in a deleted range (its points are read raw otherwise
  // only when re-sent: a deletion's edges are minute-exact in the per-minute reads).
  [TABLES.metricMinutes]: `toInt64(${TABLES.metricMinutes}.minute) * 60000000`,
};

/** The condition that keeps the points of `table` outside their series' deleted range (none: an empty range). */
export function seriesDeletionConditions(table: string): string[] {
  const time = POINT_TIME_US[table];
  if (!time) return [];
  const range = `dictGetOrDefault('${SERIES_DELETIONS_DICTIONARY}', ('start_us', 'end_us'), ({project:String}, ${table}.series_id), (toInt64(1), toInt64(0)))`;
  return [`NOT (${time} BETWEEN tupleElement(${range}, 1) AND tupleElement(${range}, 2))`];
}
