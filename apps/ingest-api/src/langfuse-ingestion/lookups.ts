import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { fromStoredModelRow, fromTraceIdRow, storedModelsSql, traceIdsSql } from '@spanhouse/store';

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

/** The latest stored model of each of a project's observations that has one, by `${traceId} ${id}`. */
export async function storedModelsOf(
  db: Db,
  project: string,
  keys: readonly { traceId: string; id: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: storedModelsSql(keys, p),
    params: p.params,
    tag: 'ingestion.stored-models',
    map: fromStoredModelRow,
  });
  return new Map(rows.map(([traceId, id, model]) => [`${traceId} ${id}`, model]));
}
