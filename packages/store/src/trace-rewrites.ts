import { TABLES } from '@spanhouse/db/tables';
import { TRACE_DELETIONS_DICTIONARY, TRACE_ROW_TABLES, traceIdColumn, WRITTEN_COLUMN } from './trace-deletions.ts';

/*
 * `trace_rewrites` (clickhouse/0056): the traces that got rows while they had a tombstone, filled
 * at insert by views on the tables that fold a trace's rows. An aggregating merge folds a deleted
 * trace's rows into the rows written after its deletion (keeping the later written time), after
 * which no read can tell them apart; so the writer deletes the older rows as part of the insert
 * that named such a trace, before a merge can meet them (docs/decisions/0085).
 * Writer: the views. Reader and cleaner: the ingest writer (ClickHouseWriter), through these
 * statements.
 */

/** Tables whose inserts the views of 0056 watch: an insert into one may have named a deleted trace. */
export const REWRITE_WATCHED_TABLES: ReadonlySet<string> = new Set([
  TABLES.traces,
  TABLES.observationPieces,
  TABLES.scores,
]);

/** SQL: the rewritten deleted traces waiting (project_id, trace_id), at most `{limit:UInt32}`. */
export const PENDING_REWRITES_SQL = `SELECT project_id, trace_id FROM ${TABLES.traceRewrites} FINAL ORDER BY project_id, trace_id LIMIT {limit:UInt32}`;

/**
 * The statements that delete, of `{project:String}`'s traces `{ids:Array(String)}`, every row
 * written before the trace's tombstone, table by table, then the traces' entries in
 * trace_rewrites (last: entries left by a failure are purged again, which is idempotent). Rows
 * written after the tombstone stay. Lightweight DELETEs: a mask on the parts that hold such rows,
 * which merges then drop. On a cluster each runs on every node's local table.
 */
export function purgeRewrittenTracesSql(cluster?: string): string[] {
  return [
    ...purgeRowsSql(cluster, (column) => `${column} IN {ids:Array(String)}`),
    `DELETE FROM ${target(TABLES.traceRewrites, cluster)} WHERE project_id = {project:String} AND trace_id IN {ids:Array(String)}`,
  ];
}

/**
 * The statements that delete, of `{project:String}`'s traces with a tombstone written between
 * `{fromUs:UInt64}` and `{toUs:UInt64}` (inclusive; one insert of tombstones), every row written
 * before the trace's latest tombstone, table by table. The traces are a subquery of the
 * tombstones, not a list: the engine takes a DELETE's list in as literals, about 15 ms per 1,000
 * ids and statement on the writer's connection, ahead of the next tombstones (a bulk deletion's
 * 20,000 ids paid that six times over); the subquery's set still lets the engine skip the parts
 * and granules without those traces, which a condition on the dictionary alone would not.
 */
export function purgeDeletedBetweenSql(cluster?: string): string[] {
  return purgeRowsSql(
    cluster,
    (column) =>
      `${column} IN (SELECT trace_id FROM ${TABLES.traceDeletions} WHERE project_id = {project:String} AND deleted_us BETWEEN {fromUs:UInt64} AND {toUs:UInt64})`,
  );
}

function target(table: string, cluster?: string): string {
  return cluster ? `${table}_local ON CLUSTER \`${cluster}\`` : table;
}

function tombstone(column: string, attribute: string): string {
  return `dictGetOrDefault('${TRACE_DELETIONS_DICTIONARY}', '${attribute}', cityHash64(project_id, ${column}), toUInt64(0))`;
}

/** Per trace table, the DELETE of the project's rows older than their trace's tombstone, of the traces `which` selects. */
function purgeRowsSql(cluster: string | undefined, which: (column: string) => string): string[] {
  return TRACE_ROW_TABLES.map((table) => {
    const column = traceIdColumn(table);
    return (
      `DELETE FROM ${target(table, cluster)} WHERE project_id = {project:String} AND ${which(column)} ` +
      `AND ${WRITTEN_COLUMN} < ${tombstone(column, 'deleted_us')} AND ${tombstone(column, 'check')} = sipHash64(project_id, ${column})`
    );
  });
}

/**
 * SQL: store `{settledUs:UInt64}` as the time up to which every tombstone is settled in the trace
 * table `{table:String}` (clickhouse/0059, decisions 0090 and 0095), as of `{atUs:UInt64}` (the
 * latest row of a table counts).
 */
export const MARK_SETTLED_SQL = `INSERT INTO ${TABLES.traceTombstonesSettled} (table_name, settled_us, at_us) SELECT {table:String}, {settledUs:UInt64}, {atUs:UInt64}`;

/**
 * SQL: per project, the range of its tombstones' times after `{afterUs:UInt64}` and up to
 * `{upToUs:UInt64}` (project_id, fromUs, toUs): what a writer that starts settles again.
 */
export const TOMBSTONE_RANGES_SQL = `SELECT project_id, min(deleted_us) AS fromUs, max(deleted_us) AS toUs FROM ${TABLES.traceDeletions} WHERE deleted_us > {afterUs:UInt64} AND deleted_us <= {upToUs:UInt64} GROUP BY project_id`;

/** SQL: the latest tombstone's time of every project (`latest_us`; 0 without any). */
export const LATEST_TOMBSTONE_SQL = `SELECT max(deleted_us) AS latest_us FROM ${TABLES.traceDeletions}`;
