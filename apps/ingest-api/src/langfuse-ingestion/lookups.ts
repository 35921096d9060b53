import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import {
  fromStoredModelAndUsageRow,
  fromTraceIdRow,
  storedModelAndUsageSql,
  traceIdsSql,
  type Versioned,
} from '@spanhouse/store';

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

/**
 * What earlier pieces of an observation stored that prices it: the latest model ('' when none) and
 * the latest usage with its version (0 when none).
 */
export type StoredModelAndUsage = { model: string; usage: Versioned<Record<string, number>> };

/** The latest stored model and usage of each of a project's observations that has either, by `${traceId} ${id}`. */
export async function storedModelsAndUsagesOf(
  db: Db,
  project: string,
  keys: readonly { traceId: string; id: string }[],
): Promise<Map<string, StoredModelAndUsage>> {
  if (keys.length === 0) return new Map();
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: storedModelAndUsageSql(keys, p),
    params: p.params,
    tag: 'ingestion.stored-models-and-usages',
    map: fromStoredModelAndUsageRow,
  });
  return new Map(rows.map(({ traceId, id, model, usage }) => [`${traceId} ${id}`, { model, usage }]));
}
