import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TraceListItem, TraceListResponse } from '@spanhouse/schema';
import { fromTraceRow, TRACE_COLUMNS, type TraceFields } from './from-row.ts';
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

/**
 * One page of traces. Two steps: the ids of the page (filter, sort, limit: reads only the columns
 * the filter and order need), then the full rows of those ids by primary key, so the IO and
 * metadata columns are read for at most `limit` traces. The count runs beside the first step.
 */
export async function listTraces(db: Db, q: TraceListParams, signal?: AbortSignal): Promise<TraceListResponse> {
  const p = new ParamBuilder();
  const where = whereClause(traceConditions(q, p));
  const dir = q.orderBy.desc ? 'DESC' : 'ASC';
  const offset = (q.page - 1) * q.limit;
  const countSql = `SELECT count() AS n FROM ${TABLES.traces} FINAL ${where}`;
  const page = async () => {
    const field = q.orderBy.field;
    // Latency and cost come from the `obs` map; descending pages rank by the summaries instead.
    if (q.orderBy.desc && (field === 'latency' || field === 'totalCost')) {
      const ids = await pageByBound(db, q, field, offset, q.limit, signal);
      if (ids) return ids;
    }
    const pp = new ParamBuilder();
    const pageSql = `
      SELECT id FROM ${TABLES.traces} FINAL ${whereClause(traceConditions(q, pp))}
      ORDER BY ${ORDER_EXPR[field]} ${dir}, id ${dir}
      LIMIT ${pp.add(q.limit, 'UInt32')} OFFSET ${pp.add(offset, 'UInt64')}`;
    return queryRows(db, {
      sql: pageSql,
      params: pp.params,
      tag: 'traces.list.page',
      map: (r) => String(r.id),
      signal,
    });
  };
  const [ids, [total = 0]] = await Promise.all([
    page(),
    queryRows(db, { sql: countSql, params: p.params, tag: 'traces.list.count', map: (r) => Number(r.n), signal }),
  ]);
  const rows = ids.length ? await fetchTraces(db, ids, signal) : new Map<string, TraceFields>();
  const groups = q.fields ?? new Set<FieldGroup>(['io', 'scores', 'observations', 'metrics']);
  return {
    data: ids.flatMap((id) => {
      const t = rows.get(id);
      return t ? [toListItem(t, groups)] : [];
    }),
    meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** Full merged rows of the given trace ids, by id. */
export async function fetchTraces(db: Db, ids: string[], signal?: AbortSignal): Promise<Map<string, TraceFields>> {
  const p = new ParamBuilder();
  const rows = await queryRows(db, {
    sql: `SELECT ${TRACE_COLUMNS(TRACE_EXPR)} FROM ${TABLES.traces} FINAL WHERE id IN ${p.add(ids, 'Array(String)')}`,
    params: p.params,
    tag: 'traces.fetch',
    map: fromTraceRow,
    signal,
  });
  return new Map(rows.map((t) => [t.id, t]));
}

/** Excluded groups keep their keys with placeholders (DESIGN.md), so client types hold. */
export function toListItem(t: TraceFields, groups: Set<FieldGroup>): TraceListItem {
  const io = groups.has('io');
  const metrics = groups.has('metrics');
  return {
    id: t.id,
    timestamp: t.timestamp,
    name: t.name,
    sessionId: t.sessionId,
    userId: t.userId,
    version: t.version,
    release: t.release,
    environment: t.environment,
    tags: t.tags,
    input: io ? t.input : null,
    output: io ? t.output : null,
    metadata: io ? t.metadata : {},
    latency: metrics ? t.latency : -1,
    totalCost: metrics ? t.totalCost : -1,
    observations: groups.has('observations') ? t.observationIds : [],
    scores: [],
  };
}
