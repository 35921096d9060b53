import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { DailyRecord, DailyResponse } from '@spanhouse/schema';
import type { DailyParams } from './params.ts';
import { TRACE_EXPR, traceConditions, whereClause } from './sql.ts';

/**
 * Usage and cost per UTC day of the trace timestamp, newest first, with a record per model.
 * Filters apply to the trace; a trace's observations count on the trace's day. Reads only the
 * traces table: each merged trace row carries its observations' model, usage and cost.
 */
export async function dailyMetrics(db: Db, q: DailyParams, signal?: AbortSignal): Promise<DailyResponse> {
  const p = new ParamBuilder();
  const where = whereClause(traceConditions({ ...q, name: q.traceName }, p));
  const offset = (q.page - 1) * q.limit;
  const daysSql = `
    SELECT toDate(timestamp) AS date, count() AS traces, sum(length(obs)) AS observations,
           sum(${TRACE_EXPR.totalCost}) AS cost
    FROM ${TABLES.traces} FINAL ${where}
    GROUP BY date ORDER BY date DESC
    LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add(offset, 'UInt64')}`;
  const countSql = `SELECT uniqExact(toDate(timestamp)) AS n FROM ${TABLES.traces} FINAL ${where}`;
  const [days, [total = 0]] = await Promise.all([
    queryRows(db, {
      sql: daysSql,
      params: p.params,
      tag: 'daily.days',
      signal,
      map: (r) => ({
        date: String(r.date),
        traces: Number(r.traces),
        observations: Number(r.observations),
        cost: Number(r.cost),
      }),
    }),
    queryRows(db, { sql: countSql, params: p.params, tag: 'daily.count', map: (r) => Number(r.n), signal }),
  ]);
  const meta = { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) };
  if (days.length === 0) return { data: [], meta };

  const mp = new ParamBuilder();
  const modelWhere = traceConditions({ ...q, name: q.traceName }, mp);
  modelWhere.push(
    `toDate(timestamp) IN ${mp.add(
      days.map((d) => d.date),
      'Array(Date)',
    )}`,
  );
  const models = await queryRows(db, {
    sql: `
      SELECT toDate(timestamp) AS date, o.2 AS model, sum(o.3) AS input, sum(o.4) AS output, sum(o.5) AS total,
             uniqExact(id) AS traces, count() AS observations, sum(o.6) AS cost
      FROM ${TABLES.traces} FINAL ARRAY JOIN mapValues(obs) AS o
      ${whereClause(modelWhere)}
      GROUP BY date, model ORDER BY date DESC, model`,
    params: mp.params,
    tag: 'daily.models',
    signal,
    map: (r) => ({
      date: String(r.date),
      usage: {
        model: r.model === '' ? null : String(r.model),
        inputUsage: Number(r.input),
        outputUsage: Number(r.output),
        totalUsage: Number(r.total),
        countTraces: Number(r.traces),
        countObservations: Number(r.observations),
        totalCost: Number(r.cost),
      },
    }),
  });
  const byDate = new Map<string, DailyRecord['usage']>();
  for (const m of models) {
    const list = byDate.get(m.date) ?? [];
    list.push(m.usage);
    byDate.set(m.date, list);
  }
  return {
    data: days.map((d) => ({
      date: d.date,
      countTraces: d.traces,
      countObservations: d.observations,
      totalCost: d.cost,
      usage: byDate.get(d.date) ?? [],
    })),
    meta,
  };
}
