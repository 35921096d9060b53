import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { type ObservationOutput, observationIdForms, traceIdForms } from '@spanhouse/schema';
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
import type { LargePartCounts } from '../paging/large-part-counts.ts';
import { pageByRecentRows, type TimeOrderedList } from '../paging/recent-rows.ts';
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
  if (f.traceId !== undefined) where.push(`trace_id IN ${p.add(traceIdForms(f.traceId), 'Array(String)')}`);
  eq(OBS_EXPR.name, f.name);
  eq(OBS_EXPR.type, f.type);
  if (f.parentObservationId !== undefined) {
    where.push(`${OBS_EXPR.parentId} IN ${p.add(observationIdForms(f.parentObservationId), 'Array(String)')}`);
  }
  eq(fieldExpr(FIELD_KEYS.version), f.version);
  if (f.level !== undefined) {
    const level = fieldExpr(FIELD_KEYS.level);
    where.push(`if(${level} = '', 'DEFAULT', ${level}) = ${p.add(f.level, 'String')}`);
  }
  if (f.environment?.length) {
    // As the output shows it: the observation's own environment, else its trace's.
    const envs = p.add(f.environment, 'Array(String)');
    const byTrace = inTracesWhere([`${TRACE_EXPR.environment} IN ${envs}`], p);
    where.push(`if(${OBS_EXPR.environment} != '', ${OBS_EXPR.environment} IN ${envs}, ${byTrace})`);
  }
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
/**
 * The page's rows with the environments of their traces. `traceIds`: the page's trace ids as an SQL
 * set when known before the read (a parameter); else they are taken from the page, which the
 * engine then reads a second time.
 */
const withEnvironments = (p: ProjectParams, traceIds = '(SELECT DISTINCT trace_id FROM page)') => `(
  SELECT *, (SELECT CAST((groupArray(id), groupArray(${TRACE_EXPR.environment})), 'Map(String, String)')
             ${fromProject(TABLES.traces, p, { final: true })} AND id IN ${traceIds}) AS envs
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
const toObservation = (r: Record<string, unknown>, project: string) =>
  toObservationOutput(decodeObservationTuple(r.o), traceEnvironment(r), project);

/**
 * Past this many rows to rank, the plain query pages instead (the ranking's point reads grow with
 * the rank; a v2 page of 1,000 is ranked still). Decision 0061.
 */
const MAX_RANK = 1001;

/** The time range and cursor of a list, the conditions the newest stored rows can be filtered by. */
type TimeBounds = Pick<ObservationFilter, 'fromStartTime' | 'toStartTime'> & { cursor?: ObservationCursor };

/**
 * The list as pageByRecentRows pages it, or undefined where a key read answers sooner (a trace's,
 * a user's or a session's observations, a search). An observation's start is its latest-versioned
 * piece's, so one of its stored pieces has it: a range or a cursor's bound on the start holds for
 * that piece when it holds for the observation, so the pieces' starts in the range (all of them
 * without one) are candidates for any filter (decision 0078), which the ranking checks on the merged
 * pieces.
 */
function recentObservations(f: ObservationFilter & TimeBounds): TimeOrderedList | undefined {
  const { fromStartTime, toStartTime, cursor } = f;
  if (f.traceId !== undefined || f.userId !== undefined || f.sessionId !== undefined || f.search?.length) {
    return undefined;
  }
  const cursorBound = (p: ProjectParams) => (cursor ? [`${OBS_EXPR.start} <= ${p.add(cursor.startUs, 'Int64')}`] : []);
  return {
    table: TABLES.observationPieces,
    // Every piece's start, sorted by it (clickhouse/0053): the newest are read from its end.
    candidates: TABLES.observationTimes,
    time: OBS_EXPR.start,
    key: ['trace_id', 'id'],
    candidateWays: (p) => [[...conditions({ fromStartTime, toStartTime }, p), ...cursorBound(p)]],
    conditions: (p) => [...conditions(f, p), ...cursorBound(p), ...afterCursor(cursor, p)],
    maxRank: MAX_RANK,
    tag: 'observations.list.recent',
  };
}

/** Rows after the cursor in the list's order (v2). */
function afterCursor(cursor: ObservationCursor | undefined, p: ProjectParams): string[] {
  if (!cursor) return [];
  return [
    `(${OBS_EXPR.start}, trace_id, id) < (${p.add(cursor.startUs, 'Int64')}, ${p.add(cursor.traceId, 'String')}, ${p.add(cursor.id, 'String')})`,
  ];
}

/** The list's conditions over merged pieces, for a scan (the page's keys, the count). */
function filtered(f: ObservationFilter & TimeBounds, p: ProjectParams): string {
  const where = [...conditions(f, p), ...afterCursor(f.cursor, p)];
  return fromProject(TABLES.observationPieces, p, { final: true, filters: where, scan: true });
}

/**
 * The keys ([trace id, id]) of rows `offset` to `offset + limit` of the list: ranked from the
 * newest stored pieces where the filter allows it, else filtered, sorted and limited over the
 * columns the filter and order read. A read of its own: the page's rows are then read by these
 * keys (a subquery would be run again by each reference to the page).
 */
async function pageKeys(
  db: Db,
  project: string,
  f: ObservationFilter & TimeBounds,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<string[][]> {
  const recent = recentObservations(f);
  const ranked = recent && (await pageByRecentRows(db, project, recent, true, offset, limit, signal));
  if (ranked) return ranked;
  const p = new ProjectParams(project);
  return queryRows(db, {
    sql: `SELECT [trace_id, id] AS key ${filtered(f, p)} ORDER BY ${NEWEST_FIRST}
      LIMIT ${p.add(limit, 'UInt32')} OFFSET ${p.add(offset, 'UInt64')}`,
    params: p.params,
    tag: 'observations.list.keys',
    map: (r) => (r.key as unknown[]).map(String),
    signal,
  });
}

/**
 * The observations of `keys` (full rows: inputs, outputs, metadata, read by the primary key) with
 * their trace's environment, newest first.
 */
function rowsSql(p: ProjectParams, keys: string[][], extra = ''): string {
  const traceIds = p.add([...new Set(keys.map(([traceId]) => traceId!))], 'Array(String)');
  return `
      WITH page AS (
        SELECT * ${pieces(p)} AND trace_id IN ${traceIds}
        AND has(${p.add(keys, 'Array(Array(String))')}, [trace_id, id]))
      SELECT ${SELECT}${extra} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${withEnvironments(p, traceIds)})
      ORDER BY ${NEWEST_FIRST}`;
}

/**
 * Page `page` of observations by start time, newest first (ties by trace and id), and the count.
 * A list without a filter is counted by `counts` (the observation pieces'), when given, beside its
 * page; any other rides with the page's rows.
 */
export async function listObservations(
  db: Db,
  project: string,
  f: ObservationFilter & { page: number; limit: number },
  signal?: AbortSignal,
  counts?: LargePartCounts,
): Promise<{ data: ObservationOutput[]; total: number }> {
  await boundScan(db, project, f, signal);
  const p = new ProjectParams(project);
  const countSql = `SELECT count() AS n ${filtered(f, p)}`;
  const fullCount = () =>
    queryRows(db, {
      sql: countSql,
      params: p.params,
      tag: 'observations.list.count',
      map: (r) => Number(r.n),
      signal,
    }).then(([n]) => n ?? 0);
  // Asked with a throwaway set of parameters: only whether a condition comes out matters.
  const unfiltered = conditions(f, new ProjectParams(project)).length === 0;
  const apart = counts && unfiltered ? counts.count(db, project, fullCount, signal) : undefined;
  // Handled at once so that a page read that fails first leaves no unobserved rejection.
  apart?.catch(() => {});
  const keys = await pageKeys(db, project, f, (f.page - 1) * f.limit, f.limit, signal);
  // The count rides with the page's rows; a page past the end has no row to carry it.
  const rows = keys.length
    ? await queryRows(db, {
        sql: rowsSql(p, keys, apart ? '' : `, (${countSql}) AS total_items`),
        params: p.params,
        tag: 'observations.list',
        map: (r) => ({ observation: toObservation(r, project), total: Number(r.total_items) }),
        signal,
      })
    : [];
  const total = apart ? await apart : (rows[0]?.total ?? (await fullCount()));
  return { data: rows.map((r) => r.observation), total };
}

/**
 * The keys ([trace id, id]) of up to `limit` observations after `cursor` in the list's order (v2;
 * no count): what observationsByKeys reads, and what the caller may read beside it.
 */
export async function observationKeysAfter(
  db: Db,
  project: string,
  f: ObservationFilter & { limit: number; cursor?: ObservationCursor },
  signal?: AbortSignal,
): Promise<string[][]> {
  await boundScan(db, project, f, signal);
  return pageKeys(db, project, f, 0, f.limit, signal);
}

/** The observations of `keys` (full rows), newest first, as the API shows them and as stored. */
export async function observationsByKeys(
  db: Db,
  project: string,
  keys: string[][],
  signal?: AbortSignal,
): Promise<{ observations: ObservationOutput[]; stored: StoredObservation[] }> {
  if (keys.length === 0) return { observations: [], stored: [] };
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: rowsSql(p, keys),
    params: p.params,
    tag: 'observations.v2',
    map: (r) => ({ stored: decodeObservationTuple(r.o), traceEnvironment: traceEnvironment(r) }),
    signal,
  });
  return {
    observations: rows.map((r) => toObservationOutput(r.stored, r.traceEnvironment, project)),
    stored: rows.map((r) => r.stored),
  };
}

/** One observation by id in either OTLP form (the bloom filter on id finds its rows), or undefined. */
export async function getObservation(
  db: Db,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<ObservationOutput | undefined> {
  const p = new ProjectParams(project);
  const [row] = await queryRows(db, {
    sql: `
      WITH page AS (SELECT * ${pieces(p)} AND id IN ${p.add(observationIdForms(id), 'Array(String)')} LIMIT 1)
      SELECT ${SELECT} FROM (SELECT *, envs[trace_id] AS trace_environment FROM ${withEnvironments(p)})`,
    params: p.params,
    tag: 'observations.get',
    map: (r) => toObservation(r, project),
    signal,
  });
  return row;
}
