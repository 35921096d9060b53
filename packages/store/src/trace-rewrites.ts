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
  const target = (table: string) => (cluster ? `${table}_local ON CLUSTER \`${cluster}\`` : table);
  const tombstone = (column: string, attribute: string) =>
    `dictGetOrDefault('${TRACE_DELETIONS_DICTIONARY}', '${attribute}', cityHash64(project_id, ${column}), toUInt64(0))`;
  const rows = TRACE_ROW_TABLES.map((table) => {
    const column = traceIdColumn(table);
    return (
      `DELETE FROM ${target(table)} WHERE project_id = {project:String} AND ${column} IN {ids:Array(String)} ` +
      `AND ${WRITTEN_COLUMN} < ${tombstone(column, 'deleted_us')} AND ${tombstone(column, 'check')} = sipHash64(project_id, ${column})`
    );
  });
  return [
    ...rows,
    `DELETE FROM ${target(TABLES.traceRewrites)} WHERE project_id = {project:String} AND trace_id IN {ids:Array(String)}`,
  ];
}
