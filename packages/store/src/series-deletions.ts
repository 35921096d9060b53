import { PROJECT_CONDITION } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';

/*
 * `series_deletions_v2` (clickhouse/0032): the metric series deleted through Prometheus' admin API,
 * each with the time range deleted (µs, inclusive). Writer: seriesDeletionRow (JSONEachRow through
 * the writer connection, synced before the answer). Reader: the `series_deletion_ranges`
 * dictionary (clickhouse/0062), looked up for the points of deleted series (seriesDeletionConditions,
 * added by fromProject).
 */

/** The dictionary the reads look deleted ranges up in; reloaded after each deletion. */
export const SERIES_DELETIONS_DICTIONARY = 'series_deletion_ranges';

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

/**
 * The condition that keeps the points of `table` outside every deleted range of their series. The
 * ranges are looked up only for a point of a series with a deletion: the set of the project's
 * deleted series is built once per query and tested first, and the engine evaluates the OR's
 * lookups only on the rows the test leaves (a project without a deletion reads its points as if
 * there were no condition, where a lookup per point costs more than reading the point). A point
 * outside the hull of its series' ranges is kept after one lookup; one inside it is tested against
 * each range. GLOBAL: on a cluster the set is built once and sent to every shard, as the deletions
 * are a Distributed table too.
 */
export function seriesDeletionConditions(table: string): string[] {
  const time = POINT_TIME_US[table];
  if (!time) return [];
  const key = `({project:String}, ${table}.series_id)`;
  const dict = `'${SERIES_DELETIONS_DICTIONARY}'`;
  const hull = `dictGetOrDefault(${dict}, ('first_us', 'last_us'), ${key}, (toInt64(1), toInt64(0)))`;
  const inHull = `${time} BETWEEN tupleElement(${hull}, 1) AND tupleElement(${hull}, 2)`;
  const inRange = `arrayExists((s, e) -> ${time} BETWEEN s AND e, dictGet(${dict}, 'starts', ${key}), dictGet(${dict}, 'ends', ${key}))`;
  return [`(${table}.series_id GLOBAL NOT IN (${deletedSeriesSql()}) OR NOT (${inHull}) OR NOT ${inRange})`];
}

/** The ids of the project's series with a deletion. */
const deletedSeriesSql = () => `SELECT series_id FROM ${TABLES.seriesDeletions} WHERE ${PROJECT_CONDITION}`;

/**
 * The condition on the series table (metric_series_v2) that keeps a series the Prometheus API's
 * metadata reads (series, label names, label values) still show: one without a deletion, or with
 * a point left outside its deleted range (staleness markers do not count), as Prometheus leaves a
 * series whose every sample is deleted out of them. A hash lookup per series; the points are read
 * only for the project's deleted series (their ids lead the sample tables' key after the name).
 * GLOBAL, as in seriesDeletionConditions: each set is built once, on the node asking, since a
 * cluster refuses an IN over a Distributed table inside a read of one across shards.
 */
export function seriesWithPointsCondition(): string {
  const deleted = deletedSeriesSql();
  const kept = (table: string, extra: string) =>
    `SELECT series_id FROM ${table} WHERE ${PROJECT_CONDITION}${extra} AND ${seriesDeletionConditions(table).join(' AND ')} AND series_id GLOBAL IN (${deleted})`;
  return `(NOT dictHas('${SERIES_DELETIONS_DICTIONARY}', ({project:String}, ${TABLES.metricSeries}.series_id)) OR ${TABLES.metricSeries}.series_id GLOBAL IN (${kept(TABLES.metricSamples, '')} UNION ALL ${kept(TABLES.metricNonFinite, ' AND stale = 0')}))`;
}
