import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { ObservationOutput } from '@spanhouse/schema';
import { whereClause } from '../traces/sql.ts';
import { fieldExpr, fromObservationRow, OBSERVATION_TUPLE, observationTupleToRow } from './columns.ts';
import type { ObservationCursor, ObservationFilter } from './params.ts';

/**
 * WHERE conditions over merged observation pieces (FROM observation_pieces FINAL): each field is
 * its (version, value) tuple's value. userId and sessionId are properties of the trace.
 */
function conditions(f: ObservationFilter, p: ParamBuilder): string[] {
  const where: string[] = [];
  const eq = (expr: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${expr} = ${p.add(value, 'String')}`);
  };
  eq('trace_id', f.traceId);
  eq('name.2', f.name);
  eq('type.2', f.type);
  eq('parent_id.2', f.parentObservationId);
  eq(fieldExpr('version'), f.version);
  if (f.level !== undefined) {
    where.push(`if(${fieldExpr('level')} = '', 'DEFAULT', ${fieldExpr('level')}) = ${p.add(f.level, 'String')}`);
  }
  if (f.environment?.length) where.push(`${fieldExpr('environment')} IN ${p.add(f.environment, 'Array(String)')}`);
  if (f.fromStartTime !== undefined) where.push(`start_time.2 >= ${p.add(f.fromStartTime, 'Int64')}`);
  if (f.toStartTime !== undefined) where.push(`start_time.2 < ${p.add(f.toStartTime, 'Int64')}`);
  if (f.isRootObservation !== undefined) where.push(f.isRootObservation ? "parent_id.2 = ''" : "parent_id.2 != ''");
  const trace: string[] = [];
  if (f.userId !== undefined) trace.push(`user_id.2 = ${p.add(f.userId, 'String')}`);
  if (f.sessionId !== undefined) trace.push(`session_id.2 = ${p.add(f.sessionId, 'String')}`);
  if (trace.length) where.push(`trace_id IN (SELECT id FROM ${TABLES.traces} FINAL WHERE ${trace.join(' AND ')})`);
  return where;
}

/**
 * The fields as one tuple (aliases named like the columns would shadow them in the other
 * expressions) and the trace environment each observation falls back to.
 */
const SELECT = `${OBSERVATION_TUPLE} AS o, trace_environment`;
const FROM = `(
  SELECT *, (SELECT CAST((groupArray(id), groupArray(if(environment.2 = '', 'default', environment.2))), 'Map(String, String)')
             FROM ${TABLES.traces} FINAL WHERE id IN (SELECT DISTINCT trace_id FROM page)) AS envs
  FROM page)`;

const rowOf = (r: Record<string, unknown>) => ({
  ...observationTupleToRow(r.o),
  trace_environment: r.trace_environment,
});
const toObservation = (r: Record<string, unknown>) =>
  fromObservationRow(rowOf(r), String(r.trace_environment || 'default'));

/** Page `page` of observations by start time, newest first (ties by trace and id), and the count. */
export async function listObservations(
  db: Db,
  f: ObservationFilter & { page: number; limit: number },
  signal?: AbortSignal,
): Promise<{ data: ObservationOutput[]; total: number }> {
  const p = new ParamBuilder();
  const where = whereClause(conditions(f, p));
  const rows = await queryRows(db, {
    sql: `
      WITH page AS (
        SELECT *, (SELECT count() FROM ${TABLES.observationPieces} FINAL ${where}) AS total_items
        FROM ${TABLES.observationPieces} FINAL ${where}
        ORDER BY start_time.2 DESC, trace_id DESC, id DESC
        LIMIT ${p.add(f.limit, 'UInt32')} OFFSET ${p.add((f.page - 1) * f.limit, 'UInt64')})
      SELECT ${SELECT}, total_items FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${FROM})
      ORDER BY start_time.2 DESC, trace_id DESC, id DESC`,
    params: p.params,
    tag: 'observations.list',
    map: (r) => ({ observation: toObservation(r), total: Number(r.total_items) }),
    signal,
  });
  let total = rows[0]?.total;
  if (total === undefined) {
    const [n] = await queryRows(db, {
      sql: `SELECT count() AS n FROM ${TABLES.observationPieces} FINAL ${where}`,
      params: p.params,
      tag: 'observations.list.count',
      map: (r) => Number(r.n),
      signal,
    });
    total = n ?? 0;
  }
  return { data: rows.map((r) => r.observation), total };
}

/** Up to `limit` observations after `cursor` in the same order (v2); no count. */
export async function observationsAfter(
  db: Db,
  f: ObservationFilter & { limit: number; cursor?: ObservationCursor },
  signal?: AbortSignal,
): Promise<{ observations: ObservationOutput[]; raw: Record<string, unknown>[] }> {
  const p = new ParamBuilder();
  const where = conditions(f, p);
  if (f.cursor) {
    where.push(
      `(start_time.2, trace_id, id) < (${p.add(f.cursor.startUs, 'Int64')}, ${p.add(f.cursor.traceId, 'String')}, ${p.add(f.cursor.id, 'String')})`,
    );
  }
  const rows = await queryRows(db, {
    sql: `
      WITH page AS (
        SELECT * FROM ${TABLES.observationPieces} FINAL ${whereClause(where)}
        ORDER BY start_time.2 DESC, trace_id DESC, id DESC LIMIT ${p.add(f.limit, 'UInt32')})
      SELECT ${SELECT} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${FROM})
      ORDER BY start_time.2 DESC, trace_id DESC, id DESC`,
    params: p.params,
    tag: 'observations.v2',
    map: rowOf,
    signal,
  });
  return {
    observations: rows.map((r) => fromObservationRow(r, String(r.trace_environment || 'default'))),
    raw: rows,
  };
}

/** One observation by id (the bloom filter on id finds its rows), or undefined. */
export async function getObservation(db: Db, id: string, signal?: AbortSignal): Promise<ObservationOutput | undefined> {
  const p = new ParamBuilder();
  const [row] = await queryRows(db, {
    sql: `
      WITH page AS (SELECT * FROM ${TABLES.observationPieces} FINAL WHERE id = ${p.add(id, 'String')} LIMIT 1)
      SELECT ${SELECT} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${FROM})`,
    params: p.params,
    tag: 'observations.get',
    map: toObservation,
    signal,
  });
  return row;
}
