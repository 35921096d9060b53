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
import { mergedTracesSql, tracesInSeveralRows } from './merged-traces.ts';

/** Past this many traces with an observation sent twice, the report reads the map of every trace. */
const MAX_MAP_TRACES = 20_000;

type ModelRow = { date: string; day: string; usage: DailyRecord['usage'][number] };

/**
 * The report's days are UTC days of the trace timestamp, as `toDate32` gives them (1900-2299). The
 * per-date write counts and the cache (clickhouse/0011, DailyDayCache) key a day by `toDate`, whose
 * 16-bit day number wraps past 2149-06-06: a trace at 2199-12-31 is written under 2020-07-26. So a
 * requested date is a slot (`toDate`) that can hold, besides its own day, days from 2149-06-07 on;
 * each row names both, and the later days are reported as themselves (DayResult.later).
 */
const SLOT = 'toDate(timestamp)';
const DAY = 'toDate32(timestamp)';

/**
 * SQL: the row's SLOT is one of `dates`. indexOf rather than IN: the engine (ClickHouse 26.4 on)
 * skips a merged part by the min and max of its column statistics (auto_statistics_types, built
 * at merges) for a condition it can analyse, taking toDate as monotonic. toDate wraps, so a part
 * holding traces of 2026 and 2199 was skipped for the 2199 trace's slot (2020-07-26). indexOf is
 * not analysed; the setting that turns the pruning off is unknown to servers before 26.4.
 */
const slotIn = (p: ProjectParams, dates: string[]) => `indexOf(${p.add(dates, 'Array(Date)')}, ${SLOT}) > 0`;

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
  const severalRows = await tracesInSeveralRows(db, project, (sp) => slotIn(sp, dates), signal);
  const p = new ProjectParams(project);
  const where = traceConditions(filter, p);
  where.push(slotIn(p, dates));
  const daysSql = `
    SELECT date, day, count() AS traces
    FROM (${mergedTracesSql(p, `${SLOT} AS date, ${DAY} AS day`, where, severalRows)})
    GROUP BY date, day`;
  const ip = new ProjectParams(project);
  const inexactWhere = traceConditions(filter, ip);
  inexactWhere.push(slotIn(ip, dates), `NOT (${SUMMARIES_EXACT})`);
  const inexactSql = `
    SELECT id FROM (${mergedTracesSql(ip, 'id', inexactWhere, severalRows)})
    LIMIT ${ip.add(MAX_MAP_TRACES + 1, 'UInt32')}`;
  const [days, inexact, summaries] = await Promise.all([
    queryRows(db, {
      sql: daysSql,
      params: p.params,
      tag: 'daily.days',
      signal,
      map: (r) => ({ date: String(r.date), day: String(r.day), traces: Number(r.traces) }),
    }),
    queryRows(db, {
      sql: inexactSql,
      params: ip.params,
      tag: 'daily.inexact',
      map: (r) => String(r.id),
      signal,
    }),
    modelsFromSummaries(db, project, filter, dates, severalRows, signal),
  ]);
  const out = new Map<string, DayResult>();
  if (days.length === 0) return out;

  const withTraces = [...new Set(days.map((d) => d.date))];
  const parts =
    inexact.length > MAX_MAP_TRACES
      ? [modelsFromMap(db, project, filter, withTraces, undefined, signal)]
      : [summaries, ...(inexact.length ? [modelsFromMap(db, project, filter, withTraces, inexact, signal)] : [])];
  const byDay = new Map<string, Map<string, DailyRecord['usage'][number]>>();
  const dayKey = (date: string, day: string) => `${date}\n${day}`;
  for (const rows of await Promise.all(parts)) {
    for (const { date, day, usage } of rows) {
      const models = byDay.get(dayKey(date, day)) ?? new Map();
      byDay.set(dayKey(date, day), models);
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
    const usage = [...(byDay.get(dayKey(d.date, d.day))?.entries() ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, u]) => u);
    const slot = out.get(d.date) ?? { traces: 0, usage: [] };
    out.set(d.date, slot);
    if (d.day === d.date) {
      slot.traces = d.traces;
      slot.usage = usage;
    } else {
      slot.later = [...(slot.later ?? []), { date: d.day, traces: d.traces, usage }].sort((a, b) =>
        a.date < b.date ? -1 : 1,
      );
    }
  }
  return out;
}

const toModelRow = (r: Record<string, unknown>): ModelRow => ({
  date: String(r.date),
  day: String(r.day),
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
function modelsFromSummaries(
  db: Db,
  project: string,
  filter: TraceFilter,
  dates: string[],
  severalRows: string[] | undefined,
  signal?: AbortSignal,
) {
  const p = new ProjectParams(project);
  const where = traceConditions(filter, p);
  where.push(SUMMARIES_EXACT, slotIn(p, dates));
  const perTrace = `${SLOT} AS date, ${DAY} AS day, model, ${MODEL_SUMMARY_EXPR.input} AS input_units,
    ${MODEL_SUMMARY_EXPR.output} AS output_units, ${MODEL_SUMMARY_EXPR.total} AS total_units,
    ${MODEL_SUMMARY_EXPR.observations} AS observations, ${MODEL_SUMMARY_EXPR.cost} AS model_cost_sum`;
  return queryRows(db, {
    sql: `
      SELECT date, day, model, sum(input_units) AS input, sum(output_units) AS output, sum(total_units) AS total,
             count() AS traces, sum(observations) AS observations, sum(model_cost_sum) AS cost
      FROM (${mergedTracesSql(p, perTrace, where, severalRows, 'mapKeys(model_obs) AS model')})
      GROUP BY date, day, model`,
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
  where.push(slotIn(p, dates));
  if (ids) where.push(`id IN ${p.add(ids, 'Array(String)')}`);
  return queryRows(db, {
    sql: `
      SELECT ${SLOT} AS date, ${DAY} AS day, ${TRACE_EXPR.obsModel} AS model, sum(${TRACE_EXPR.obsUsageInput}) AS input,
             sum(${TRACE_EXPR.obsUsageOutput}) AS output, sum(${TRACE_EXPR.obsUsageTotal}) AS total,
             uniqExact(id) AS traces, count() AS observations, sum(${TRACE_EXPR.obsCost}) AS cost
      ${fromProject(TABLES.traces, p, { final: true, arrayJoin: 'obs_ids AS k' })}${andAll(where)}
      GROUP BY date, day, model`,
    params: p.params,
    tag: ids ? 'daily.models.map' : 'daily.models.all',
    signal,
    map: toModelRow,
  });
}
