import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { chToIso, type SessionDetail, type SessionListResponse, type SessionOutput } from '@spanhouse/schema';
import {
  andAll,
  fromProject,
  fromTraceRow,
  TABLES,
  TRACE_EXPR,
  traceSelect,
  tracesMatching,
  tracesWithRowMeeting,
} from '@spanhouse/store';
import * as v from 'valibot';
import { List, Pagination, Time } from '../query-params.ts';
import { Search } from '../search/param.ts';
import { tracesInPieces } from '../search/pieced.ts';
import { traceOutput } from '../traces/output.ts';

/** GET /api/public/sessions: Langfuse's parameters (fromTimestamp inclusive, toTimestamp exclusive). */
export const SessionListParams = v.object({
  ...Pagination,
  fromTimestamp: v.optional(Time('fromTimestamp')),
  toTimestamp: v.optional(Time('toTimestamp')),
  environment: v.optional(List),
  search: v.optional(Search),
});
export type SessionListParams = v.InferOutput<typeof SessionListParams>;

/** A session is the traces that name it: created with its first trace, in that trace's environment. */
const sessionsSql = (p: ProjectParams) => `
  SELECT ${TRACE_EXPR.sessionId} AS id, min(timestamp) AS created_at, argMin(${TRACE_EXPR.environment}, timestamp) AS session_environment
  ${fromProject(TABLES.traces, p, { final: true })} AND ${TRACE_EXPR.sessionId} != '' GROUP BY id`;

const toSession = (project: string, r: Record<string, unknown>): SessionOutput => ({
  id: String(r.id),
  createdAt: chToIso(String(r.created_at)),
  projectId: project,
  environment: String(r.session_environment),
});

/** Sessions, newest first (ties by id), with the count. */
export async function listSessions(
  db: Db,
  project: string,
  q: SessionListParams,
  signal?: AbortSignal,
): Promise<SessionListResponse> {
  const p = new ProjectParams(project);
  const where: string[] = [];
  if (q.fromTimestamp !== undefined)
    where.push(`created_at >= fromUnixTimestamp64Micro(${p.add(q.fromTimestamp, 'Int64')}, 'UTC')`);
  if (q.toTimestamp !== undefined)
    where.push(`created_at < fromUnixTimestamp64Micro(${p.add(q.toTimestamp, 'Int64')}, 'UTC')`);
  if (q.environment?.length) where.push(`session_environment IN ${p.add(q.environment, 'Array(String)')}`);
  // A session matches when one of its traces holds every term.
  if (q.search?.length) {
    const pieced = await tracesInPieces(db, project, q.search, signal);
    where.push(
      `id IN (SELECT ${TRACE_EXPR.sessionId} ${fromProject(TABLES.traces, p, { final: true })} AND ${tracesMatching('id', q.search, p, undefined, pieced)})`,
    );
  }
  const matching = `SELECT * FROM (${sessionsSql(p)}) WHERE 1${andAll(where)}`;
  const rows = await queryRows(db, {
    sql: `
      SELECT *, count() OVER () AS total_items FROM (${matching})
      ORDER BY created_at DESC, id DESC
      LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add((q.page - 1) * q.limit, 'UInt64')}`,
    params: p.params,
    tag: 'sessions.list',
    map: (r) => ({ session: toSession(project, r), total: Number(r.total_items) }),
    signal,
  });
  // A page past the end has no row to carry the count: the count is read on its own.
  const total =
    rows[0]?.total ??
    (q.page === 1
      ? 0
      : ((
          await queryRows(db, {
            sql: `SELECT count() AS n FROM (${matching})`,
            params: p.params,
            tag: 'sessions.count',
            map: (r) => Number(r.n),
            signal,
          })
        )[0] ?? 0));
  return {
    data: rows.map((r) => r.session),
    meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
  };
}

/**
 * One session with its traces (oldest first, Langfuse's Trace shape), or undefined. Its traces are
 * those whose latest session is this one, found among the traces with a stored row naming it (a key
 * condition: only those are merged), then read by id.
 */
export async function getSession(
  db: Db,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<SessionDetail | undefined> {
  const p = new ProjectParams(project);
  const traces = await queryRows(db, {
    sql: `
      SELECT ${traceSelect(TRACE_EXPR)} ${fromProject(TABLES.traces, p, { final: true })}
      AND id IN (SELECT id ${fromProject(TABLES.traces, p, { final: true, filters: [tracesWithRowMeeting({ sessionId: id }, p)] })} AND ${TRACE_EXPR.sessionId} = ${p.add(id, 'String')})
      ORDER BY timestamp, id`,
    params: p.params,
    tag: 'sessions.get',
    map: fromTraceRow,
    signal,
  });
  const first = traces[0];
  if (!first) return undefined;
  return {
    id,
    createdAt: first.timestamp,
    projectId: project,
    environment: first.environment,
    traces: traces.map((t) => traceOutput(t, project)),
  };
}
