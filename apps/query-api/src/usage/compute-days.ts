import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { DailyRecord } from '@spanhouse/schema';
import {
  andAll,
  fromProject,
  MODEL_SUMMARY_EXPR,
  SUMMARIES_EXACT,
  TABLES,
  TRACE_EXPR,
  type TraceFilter,
  traceConditions,
} from '@spanhouse/store';
import type { DayResult } from './day-cache.ts';

/** Past this many traces with an observation sent twice, the report reads the map of every trace. */
const MAX_MAP_TRACES = 20_000;

type ModelRow = { date: string; usage: DailyRecord['usage'][number] };

/**
 * Usage and cost of `dates` per UTC day of the trace timestamp, with a record per model; a date
 * without matching traces is absent. Filters apply to the trace; a trace's observations count on
 * the trace's day. Reads only the traces table: the per-model summaries (clickhouse/0004, 0007)
 * for traces whose observations were each sent once, the per-observation maps (keyed by
 * observation id) for the few others.
 */
export async function computeDays(
  db: Db,
  project: string,
  filter: TraceFilter,
  dates: string[],
  signal?: AbortSignal,
): Promise<Map<string, DayResult>> {
  const p = new ProjectParams(project);
  const where = traceConditions(filter, p);
  where.push(`toDate(timestamp) IN ${p.add(dates, 'Array(Date)')}`);
  const daysSql = `
    SELECT toDate(timestamp) AS date, count() AS traces
    ${fromProject(TABLES.traces, p, { final: true })}${andAll(where)}
    GROUP BY date`;
  const ip = new ProjectParams(project);
  const inexactWhere = traceConditions(filter, ip);
  inexactWhere.push(`toDate(timestamp) IN ${ip.add(dates, 'Array(Date)')}`, `NOT (${SUMMARIES_EXACT})`);
  const inexactSql = `
    SELECT id ${fromProject(TABLES.traces, ip, { final: true })}${andAll(inexactWhere)}
    LIMIT ${ip.add(MAX_MAP_TRACES + 1, 'UInt32')}`;
  const [days, inexact] = await Promise.all([
    queryRows(db, {
      sql: daysSql,
      params: p.params,
      tag: 'daily.days',
      signal,
      map: (r) => ({ date: String(r.date), traces: Number(r.traces) }),
    }),
    queryRows(db, { sql: inexactSql, params: ip.params, tag: 'daily.inexact', map: (r) => String(r.id), signal }),
  ]);
  const out = new Map<string, DayResult>();
  if (days.length === 0) return out;

  const withTraces = days.map((d) => d.date);
  const parts =
    inexact.length > MAX_MAP_TRACES
      ? [modelsFromMap(db, project, filter, withTraces, undefined, signal)]
      : [
          modelsFromSummaries(db, project, filter, withTraces, signal),
          ...(inexact.length ? [modelsFromMap(db, project, filter, withTraces, inexact, signal)] : []),
        ];
  const byDate = new Map<string, Map<string, DailyRecord['usage'][number]>>();
  for (const rows of await Promise.all(parts)) {
    for (const { date, usage } of rows) {
      const models = byDate.get(date) ?? new Map();
      byDate.set(date, models);
      const key = usage.model ?? '';
      const seen = models.get(key);
      if (!seen) models.set(key, usage);
      else {
        seen.inputUsage += usage.inputUsage;
        seen.outputUsage += usage.outputUsage;
        seen.totalUsage += usage.totalUsage;
        seen.countTraces += usage.countTraces;
        seen.countObservations += usage.countObservations;
        seen.totalCost += usage.totalCost;
      }
    }
  }
  for (const d of days) {
    const usage = [...(byDate.get(d.date)?.entries() ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, u]) => u);
    out.set(d.date, { traces: d.traces, usage });
  }
  return out;
}

const toModelRow = (r: Record<string, unknown>): ModelRow => ({
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
});

/** Per (date, model) from the summaries, for the traces whose summaries are exact. */
function modelsFromSummaries(db: Db, project: string, filter: TraceFilter, dates: string[], signal?: AbortSignal) {
  const p = new ProjectParams(project);
  const where = traceConditions(filter, p);
  where.push(SUMMARIES_EXACT, `toDate(timestamp) IN ${p.add(dates, 'Array(Date)')}`);
  return queryRows(db, {
    sql: `
      SELECT toDate(timestamp) AS date, model, sum(${MODEL_SUMMARY_EXPR.input}) AS input,
             sum(${MODEL_SUMMARY_EXPR.output}) AS output, sum(${MODEL_SUMMARY_EXPR.total}) AS total, count() AS traces,
             sum(${MODEL_SUMMARY_EXPR.observations}) AS observations, sum(${MODEL_SUMMARY_EXPR.cost}) AS cost
      ${fromProject(TABLES.traces, p, { final: true, arrayJoin: 'mapKeys(model_obs) AS model' })}${andAll(where)}
      GROUP BY date, model`,
    params: p.params,
    tag: 'daily.models.summaries',
    signal,
    map: toModelRow,
  });
}

/** Per (date, model) from the per-observation maps: of the given traces, or of every matching trace. */
function modelsFromMap(
  db: Db,
  project: string,
  filter: TraceFilter,
  dates: string[],
  ids?: string[],
  signal?: AbortSignal,
) {
  const p = new ProjectParams(project);
  const where = traceConditions(filter, p);
  where.push(`toDate(timestamp) IN ${p.add(dates, 'Array(Date)')}`);
  if (ids) where.push(`id IN ${p.add(ids, 'Array(String)')}`);
  return queryRows(db, {
    sql: `
      SELECT toDate(timestamp) AS date, ${TRACE_EXPR.obsModel} AS model, sum(${TRACE_EXPR.obsUsageInput}) AS input,
             sum(${TRACE_EXPR.obsUsageOutput}) AS output, sum(${TRACE_EXPR.obsUsageTotal}) AS total,
             uniqExact(id) AS traces, count() AS observations, sum(${TRACE_EXPR.obsCost}) AS cost
      ${fromProject(TABLES.traces, p, { final: true, arrayJoin: 'obs_ids AS k' })}${andAll(where)}
      GROUP BY date, model`,
    params: p.params,
    tag: ids ? 'daily.models.map' : 'daily.models.all',
    signal,
    map: toModelRow,
  });
}
