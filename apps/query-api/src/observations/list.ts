import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { ObservationOutput } from '@spanhouse/schema';
import {
  andAll,
  decodeObservationTuple,
  FIELD_KEYS,
  fieldExpr,
  fromProject,
  inTracesWhere,
  OBS_EXPR,
  OBSERVATION_TUPLE,
  observationsMatching,
  type StoredObservation,
  TABLES,
  TRACE_EXPR,
} from '@spanhouse/store';
import { boundTextScan } from '../filter/scan-bound.ts';
import { toObservationOutput } from './output.ts';
import type { ObservationCursor, ObservationFilter } from './params.ts';

/**
 * Conditions over merged observation pieces of the project (after fromProject, FINAL). userId and
 * sessionId are properties of the trace.
 */
function conditions(f: ObservationFilter, p: ProjectParams): string[] {
  const where: string[] = [];
  const eq = (expr: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${expr} = ${p.add(value, 'String')}`);
  };
  eq('trace_id', f.traceId);
  eq(OBS_EXPR.name, f.name);
  eq(OBS_EXPR.type, f.type);
  eq(OBS_EXPR.parentId, f.parentObservationId);
  eq(fieldExpr(FIELD_KEYS.version), f.version);
  if (f.level !== undefined) {
    const level = fieldExpr(FIELD_KEYS.level);
    where.push(`if(${level} = '', 'DEFAULT', ${level}) = ${p.add(f.level, 'String')}`);
  }
  if (f.environment?.length) where.push(`${OBS_EXPR.environment} IN ${p.add(f.environment, 'Array(String)')}`);
  if (f.fromStartTime !== undefined) where.push(`${OBS_EXPR.start} >= ${p.add(f.fromStartTime, 'Int64')}`);
  if (f.toStartTime !== undefined) where.push(`${OBS_EXPR.start} < ${p.add(f.toStartTime, 'Int64')}`);
  if (f.isRootObservation !== undefined) {
    where.push(f.isRootObservation ? `${OBS_EXPR.parentId} = ''` : `${OBS_EXPR.parentId} != ''`);
  }
  const trace: string[] = [];
  if (f.userId !== undefined) trace.push(`${TRACE_EXPR.userId} = ${p.add(f.userId, 'String')}`);
  if (f.sessionId !== undefined) trace.push(`${TRACE_EXPR.sessionId} = ${p.add(f.sessionId, 'String')}`);
  if (trace.length) where.push(inTracesWhere(trace, p));
  if (f.conditions) where.push(...f.conditions(p));
  if (f.search?.length) where.push(observationsMatching(f.search, p));
  return where;
}

/**
 * The fields as one tuple (aliases named like the columns would shadow them in the other
 * expressions) and the trace environment each observation falls back to.
 */
const SELECT = `${OBSERVATION_TUPLE} AS o, trace_environment`;
const withEnvironments = (p: ProjectParams) => `(
  SELECT *, (SELECT CAST((groupArray(id), groupArray(${TRACE_EXPR.environment})), 'Map(String, String)')
             ${fromProject(TABLES.traces, p, { final: true })} AND id IN (SELECT DISTINCT trace_id FROM page)) AS envs
  FROM page)`;
const pieces = (p: ProjectParams) => fromProject(TABLES.observationPieces, p, { final: true });

/** Text conditions without an index: bounded by how many observations the other conditions leave. */
async function boundScan(db: Db, project: string, f: ObservationFilter, signal?: AbortSignal): Promise<void> {
  const indexed = f.filter?.indexed;
  if (!indexed) return;
  await boundTextScan(
    db,
    project,
    (p) => `SELECT count() AS n ${pieces(p)}${andAll(conditions({ ...f, conditions: indexed }, p))}`,
    'observation',
    signal,
  );
}

/** Observations newest first (ties by trace and id). */
const NEWEST_FIRST = `${OBS_EXPR.start} DESC, trace_id DESC, id DESC`;

const traceEnvironment = (r: Record<string, unknown>) => String(r.trace_environment || 'default');
const toObservation = (r: Record<string, unknown>) =>
  toObservationOutput(decodeObservationTuple(r.o), traceEnvironment(r));

/** Page `page` of observations by start time, newest first (ties by trace and id), and the count. */
export async function listObservations(
  db: Db,
  project: string,
  f: ObservationFilter & { page: number; limit: number },
  signal?: AbortSignal,
): Promise<{ data: ObservationOutput[]; total: number }> {
  await boundScan(db, project, f, signal);
  const p = new ProjectParams(project);
  const where = andAll(conditions(f, p));
  const rows = await queryRows(db, {
    sql: `
      WITH page AS (
        SELECT *, (SELECT count() ${pieces(p)}${where}) AS total_items
        ${pieces(p)}${where}
        ORDER BY ${NEWEST_FIRST}
        LIMIT ${p.add(f.limit, 'UInt32')} OFFSET ${p.add((f.page - 1) * f.limit, 'UInt64')})
      SELECT ${SELECT}, total_items FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${withEnvironments(p)})
      ORDER BY ${NEWEST_FIRST}`,
    params: p.params,
    tag: 'observations.list',
    map: (r) => ({ observation: toObservation(r), total: Number(r.total_items) }),
    signal,
  });
  let total = rows[0]?.total;
  if (total === undefined) {
    const [n] = await queryRows(db, {
      sql: `SELECT count() AS n ${pieces(p)}${where}`,
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
  project: string,
  f: ObservationFilter & { limit: number; cursor?: ObservationCursor },
  signal?: AbortSignal,
): Promise<{ observations: ObservationOutput[]; stored: StoredObservation[] }> {
  await boundScan(db, project, f, signal);
  const p = new ProjectParams(project);
  const where = conditions(f, p);
  if (f.cursor) {
    where.push(
      `(${OBS_EXPR.start}, trace_id, id) < (${p.add(f.cursor.startUs, 'Int64')}, ${p.add(f.cursor.traceId, 'String')}, ${p.add(f.cursor.id, 'String')})`,
    );
  }
  const rows = await queryRows(db, {
    sql: `
      WITH page AS (
        SELECT * ${pieces(p)}${andAll(where)}
        ORDER BY ${NEWEST_FIRST} LIMIT ${p.add(f.limit, 'UInt32')})
      SELECT ${SELECT} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${withEnvironments(p)})
      ORDER BY ${NEWEST_FIRST}`,
    params: p.params,
    tag: 'observations.v2',
    map: (r) => ({ stored: decodeObservationTuple(r.o), traceEnvironment: traceEnvironment(r) }),
    signal,
  });
  return {
    observations: rows.map((r) => toObservationOutput(r.stored, r.traceEnvironment)),
    stored: rows.map((r) => r.stored),
  };
}

/** One observation by id (the bloom filter on id finds its rows), or undefined. */
export async function getObservation(
  db: Db,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<ObservationOutput | undefined> {
  const p = new ProjectParams(project);
  const [row] = await queryRows(db, {
    sql: `
      WITH page AS (SELECT * ${pieces(p)} AND id = ${p.add(id, 'String')} LIMIT 1)
      SELECT ${SELECT} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${withEnvironments(p)})`,
    params: p.params,
    tag: 'observations.get',
    map: toObservation,
    signal,
  });
  return row;
}
