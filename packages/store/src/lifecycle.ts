import { TABLES } from '@spanhouse/db/tables';
import { seriesDeletionConditions } from './series-deletions.ts';
import { tombstoneConditions } from './trace-deletions.ts';
import { traceDocumentTime } from './trace-document-time.ts';

/*
 * What every read of a project's rows leaves out besides other projects' rows (fromProject adds
 * it after the project condition): rows older than the project's retention (clickhouse/0030) and
 * rows of deleted traces (clickhouse/0031) and points of deleted metric series (0032).
 * Storage removes them later by TTL; reads leave them out from the moment a retention is set.
 */

/**
 * The project's retention in days (0: forever), one dictionary lookup of the query's project
 * parameter, constant over the query. The dictionary is named without its database: a read runs
 * in a session whose default database is ours.
 */
export const RETENTION_DAYS_SQL = `dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))`;

/** The oldest time a read returns: now minus the retention (DateTime64(6)); only meaningful when it is set. */
const CUTOFF = `(now64(6) - toIntervalDay(${RETENTION_DAYS_SQL}))`;

/** `condition` where the project has a retention; true where it keeps everything (folded away then). */
const withinRetention = (condition: string) => `(${RETENTION_DAYS_SQL} = 0 OR ${condition})`;

/** A table of observation starts (`start_time`, versioned): kept by its start, or when it has none. */
const startWithinRetention = (table: string) =>
  withinRetention(
    `(tupleElement(${table}.start_time, 1) = 0 OR tupleElement(${table}.start_time, 2) >= toUnixTimestamp64Micro(${CUTOFF}))`,
  );

/**
 * Per table, the condition that keeps a row within its project's retention, on the same time as
 * the table's TTL rule (0030). The columns are named with their table, so that a select list's
 * alias of the same name (`min(timestamp) AS timestamp`) cannot stand in for the column.
 */
const RETENTION_CONDITIONS: Readonly<Record<string, string>> = {
  [TABLES.traces]: withinRetention(`${TABLES.traces}.timestamp >= ${CUTOFF}`),
  [TABLES.observationPieces]: startWithinRetention(TABLES.observationPieces),
  [TABLES.observationTimes]: startWithinRetention(TABLES.observationTimes),
  // A trace's search document by its time (trace-document-time.ts); one with no time yet (only
  // observation updates) is kept, as a piece with no start is.
  [TABLES.traceSearch]: withinRetention(`${traceDocumentTime(TABLES.traceSearch)} >= ${CUTOFF}`),
  [TABLES.scores]: withinRetention(`${TABLES.scores}.timestamp >= ${CUTOFF}`),
  [TABLES.scoreTimes]: withinRetention(`${TABLES.scoreTimes}.timestamp >= ${CUTOFF}`),
  [TABLES.traceDayWrites]: withinRetention(`${TABLES.traceDayWrites}.date >= toDate(${CUTOFF})`),
  [TABLES.metricSamples]: withinRetention(`${TABLES.metricSamples}.ts >= ${CUTOFF}`),
  [TABLES.metricNonFinite]: withinRetention(`${TABLES.metricNonFinite}.ts >= ${CUTOFF}`),
  [TABLES.metricMinutes]: withinRetention(
    `${TABLES.metricMinutes}.minute >= toUInt32(intDiv(toUnixTimestamp64Micro(${CUTOFF}) + 59999999, 60000000))`,
  ),
};

/*
 * The conditions a read of `table` adds after its project's (fromProject): within the retention,
 * and not of a trace deleted after the row was written (trace-deletions.ts), not in a deleted
 * range of its metric series (series-deletions.ts).
 */

/** Within the project's retention: a comparison with a constant, cheap on every row. */
export function retentionConditions(table: string): string[] {
  const retention = RETENTION_CONDITIONS[table];
  return retention ? [retention] : [];
}

/** Not deleted: a dictionary lookup per row it is evaluated on. */
export function deletionConditions(table: string, opts: { scan?: boolean; trace?: string } = {}): string[] {
  return [...tombstoneConditions(table, opts), ...seriesDeletionConditions(table)];
}
