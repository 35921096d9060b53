import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { fromTraceIdRow, traceIdsSql } from '@spanhouse/store';

/** The traces of a project's observations created through the ingestion API, by observation id. */
export async function traceIdsOf(db: Db, project: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: traceIdsSql(ids, p),
    params: p.params,
    tag: 'ingestion.observation-traces',
    map: fromTraceIdRow,
  });
  return new Map(rows);
}
