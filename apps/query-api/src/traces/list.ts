import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TraceListItem, TraceListResponse } from '@spanhouse/schema';
import { fromTraceRow, type TraceFields, traceOutput, traceSelect } from './from-row.ts';
import type { FieldGroup, OrderField, TraceListParams } from './params.ts';
import { TRACE_EXPR, traceConditions, whereClause } from './sql.ts';
import { pageByBound } from './summaries.ts';

const ORDER_EXPR: Record<OrderField, string> = {
  timestamp: 'timestamp',
  latency: TRACE_EXPR.latency,
  totalCost: TRACE_EXPR.totalCost,
  name: TRACE_EXPR.name,
  userId: TRACE_EXPR.userId,
  sessionId: TRACE_EXPR.sessionId,
  release: TRACE_EXPR.release,
  version: TRACE_EXPR.version,
};

/** The same orders over the columns traceSelect selects (its aliases hold the same values). */
const SELECTED_ORDER: Record<OrderField, string> = {
  timestamp: 'timestamp',
  latency: 'latency',
  totalCost: 'total_cost',
  name: 'name',
  userId: 'user_id',
  sessionId: 'session_id',
  release: 'release',
  version: 'version',
};

/**
 * One page of traces, in one query: the ids of the page (filter, sort, limit: reads only the
 * columns the filter and order need) as an IN subquery, the full rows of those ids by primary key
 * (so the IO and metadata columns are read for at most `limit` traces), and the count as a scalar
 * subquery. One query, because the embedded engine runs parameterized queries one at a time
 * process-wide (chDB serializes them): three queries would wait three turns.
 */
export async function listTraces(db: Db, q: TraceListParams, signal?: AbortSignal): Promise<TraceListResponse> {
  const p = new ParamBuilder();
  const where = whereClause(traceConditions(q, p));
  const field = q.orderBy.field;
  const dir = q.orderBy.desc ? 'DESC' : 'ASC';
  const offset = (q.page - 1) * q.limit;
  let page: string | undefined;
  // Latency and cost come from the `obs` map; descending pages rank by the summaries instead.
  if (q.orderBy.desc && (field === 'latency' || field === 'totalCost')) {
    const ids = await pageByBound(db, q, field, offset, q.limit, signal);
    if (ids) page = p.add(ids, 'Array(String)');
  }
  page ??= `(
      SELECT id FROM ${TABLES.traces} FINAL ${where}
      ORDER BY ${ORDER_EXPR[field]} ${dir}, id ${dir}
      LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add(offset, 'UInt64')})`;
  const countSql = `SELECT count() AS n FROM ${TABLES.traces} FINAL ${where}`;
  const rows = await queryRows(db, {
    sql: `
      SELECT ${traceSelect(TRACE_EXPR)}, (${countSql}) AS total_items
      FROM ${TABLES.traces} FINAL WHERE id IN ${page}
      ORDER BY ${SELECTED_ORDER[field]} ${dir}, id ${dir}`,
    params: p.params,
    tag: 'traces.list',
    map: (r) => ({ trace: fromTraceRow(r), total: Number(r.total_items) }),
    signal,
  });
  // A page past the end has no row to carry the count.
  const total =
    rows[0]?.total ??
    (
      await queryRows(db, {
        sql: countSql,
        params: p.params,
        tag: 'traces.list.count',
        map: (r) => Number(r.n),
        signal,
      })
    )[0] ??
    0;
  const groups = q.fields ?? new Set<FieldGroup>(['io', 'scores', 'observations', 'metrics']);
  return {
    data: rows.map((r) => toListItem(r.trace, groups)),
    meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** Excluded groups keep their keys with placeholders (docs/api.md), so client types hold. */
export function toListItem(t: TraceFields, groups: Set<FieldGroup>): TraceListItem {
  const io = groups.has('io');
  const metrics = groups.has('metrics');
  return {
    ...traceOutput(t),
    input: io ? t.input : null,
    output: io ? t.output : null,
    metadata: io ? t.metadata : {},
    latency: metrics ? t.latency : -1,
    totalCost: metrics ? t.totalCost : -1,
    usage: metrics ? t.usage : { input: -1, output: -1, total: -1 },
    observations: groups.has('observations') ? t.observationIds : [],
    scores: [],
  };
}
