import { PROJECT_CONDITION } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';

/*
 * `series_deletions_v2` (clickhouse/0032): the metric series deleted through Prometheus' admin API,
 * each with the time range deleted (µs, inclusive) and when it was deleted (`deleted_us`). A
 * deletion covers the points written before it: the points carry when they were accepted
 * (`written_us`, clickhouse/0063), so a point written after a deletion with a time inside its range
 * is read, as Prometheus shows it. Writer: seriesDeletionRow (JSONEachRow through the writer
 * connection, synced before the answer). Reader: the `series_deletion_ranges` dictionary
 * (clickhouse/0063), looked up for the points of deleted series (seriesDeletionConditions, added by
 * fromProject).
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
 * Per metric table, when its points were accepted in µs (0 for those stored before points carried
 * it). A minute's is its latest point's: one written after a deletion keeps the minute; if it also
 * holds a point written before (its `first_written_us`), the per-minute reads take it as not
 * proving itself (deletedMinuteCondition).
 */
const POINT_WRITTEN_US: Readonly<Record<string, string>> = {
  [TABLES.metricSamples]: `${TABLES.metricSamples}.written_us`,
  [TABLES.metricNonFinite]: `${TABLES.metricNonFinite}.written_us`,
  [TABLES.metricMinutes]: `${TABLES.metricMinutes}.written_us`,
};

const DICT = `'${SERIES_DELETIONS_DICTIONARY}'`;
const dictKey = (table: string) => `({project:String}, ${table}.series_id)`;

/**
 * Whether a point of `table` at `time` (µs), written at `written` (µs), lies in a deleted range of
 * its series and was written before that range's deletion. For the points of deleted series only:
 * one hash lookup for the hull of the ranges and the latest deletion, then each range for a point
 * inside the hull written before the latest deletion.
 */
function inDeletedRange(table: string, time: string, written: string): string {
  const key = dictKey(table);
  const hull = `dictGetOrDefault(${DICT}, ('first_us', 'last_us', 'last_deleted_us'), ${key}, (toInt64(1), toInt64(0), toUInt64(0)))`;
  const inHull = `${time} BETWEEN tupleElement(${hull}, 1) AND tupleElement(${hull}, 2)`;
  const ranges = `dictGet(${DICT}, 'starts', ${key}), dictGet(${DICT}, 'ends', ${key})`;
  const beforeLatest = `${written} < tupleElement(${hull}, 3)`;
  const inRange = `arrayExists((s, e, d) -> ${time} BETWEEN s AND e AND ${written} < d, ${ranges}, dictGet(${DICT}, 'deleted', ${key}))`;
  return `(${inHull} AND ${beforeLatest} AND ${inRange})`;
}

/**
 * The condition that keeps the points of `table` a deletion does not cover: outside every deleted
 * range of their series, or written after the deletion of each range they lie in. The ranges are
 * looked up only for a point of a series with a deletion: the set of the project's deleted series
 * is built once per query and tested first, and the engine evaluates the OR's lookups only on the
 * rows the test leaves (a project without a deletion reads its points as if there were no
 * condition, where a lookup per point costs more than reading the point). A point outside the hull
 * of its series' ranges, or written after its series' latest deletion, is kept after one lookup;
 * one inside it is tested against each range. GLOBAL: on a cluster the set is built once and sent
 * to every shard, as the deletions are a Distributed table too.
 */
export function seriesDeletionConditions(table: string): string[] {
  const time = POINT_TIME_US[table];
  const written = POINT_WRITTEN_US[table];
  if (!time || !written) return [];
  return [`(${table}.series_id GLOBAL NOT IN (${deletedSeriesSql()}) OR NOT ${inDeletedRange(table, time, written)})`];
}

/**
 * Whether a per-minute row starts in a deleted range of its series and holds a point written before
 * that range's deletion. The rows seriesDeletionConditions keeps there also hold a point written
 * after it, and their aggregates cannot tell the two apart: a per-minute read takes such a minute
 * as not proving itself and reads the points instead. A minute written wholly after every deletion
 * of its range is read as it is.
 */
export function deletedMinuteCondition(): string {
  const table = TABLES.metricMinutes;
  const firstWritten = `${table}.first_written_us`;
  return `(${table}.series_id GLOBAL IN (${deletedSeriesSql()}) AND ${inDeletedRange(table, POINT_TIME_US[table]!, firstWritten)})`;
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
