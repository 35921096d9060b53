import { type Db, type ParamBuilder, type ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { METRIC_TIME_RANGE_US } from '@spanhouse/schema';
import { FIELD_KEYS, fieldExpr, fromProject, OBS_COST, OBS_EXPR, obsUsageOfKinds } from '@spanhouse/store';
import type { TimeRange } from '../metric-series/points-in-range.ts';
import { type PromSeries, regexSql } from '../metric-series/reader.ts';
import type { Matcher } from './ast.ts';
import { regexMatches } from './regex.ts';

/**
 * LLM metrics read from the trace tables, so dashboards chart them with PromQL like any stored
 * metric: a point at each start time of GENERATION observations, labelled with their model, name
 * and environment (empty ones left out). Nothing is stored twice: selecting one of these names
 * reads observation_pieces merged with FINAL (clickhouse/0007: each field the latest value any
 * piece gave; a tuple's version 0 means never given).
 *
 * A series holds one sample per timestamp, as in Prometheus, so the generations of one series that
 * start at the same millisecond make one sample, `combine` of their values: summed for tokens and
 * cost, counted for requests, so the series add up to what daily usage reports; the longest for
 * latency (a latency summed or averaged is no latency one of them had).
 */
export const LLM_METRICS: Record<string, { value: string; combine: 'sum' | 'max'; where?: string }> = {
  spanhouse_llm_requests: { value: '1', combine: 'sum' },
  spanhouse_llm_duration_seconds: {
    value: `(${OBS_EXPR.end} - ${OBS_EXPR.start}) / 1e6`,
    combine: 'max',
    where: OBS_EXPR.endGiven,
  },
  spanhouse_llm_input_tokens: { value: obsUsageOfKinds('input'), combine: 'sum' },
  spanhouse_llm_output_tokens: { value: obsUsageOfKinds('output'), combine: 'sum' },
  spanhouse_llm_total_tokens: { value: `${OBS_EXPR.usage}['total']`, combine: 'sum' },
  spanhouse_llm_cost_usd: {
    value: OBS_COST,
    combine: 'sum',
  },
};
const LABELS = ['model', 'name', 'environment'] as const;
/** Each label's value in a merged row ('' when absent). */
const LABEL_SQL: Record<(typeof LABELS)[number], string> = {
  model: OBS_EXPR.model,
  name: OBS_EXPR.name,
  environment: fieldExpr(FIELD_KEYS.environment),
};
const IS_GENERATION = `${OBS_EXPR.type} = 'GENERATION'`;

/** Whether a value passes a matcher (evaluated here for `__name__` of these metrics). */
function passes(m: Matcher, v: string): boolean {
  switch (m.op) {
    case '=':
      return v === m.value;
    case '!=':
      return v !== m.value;
    case '=~':
      return regexMatches(m.value, v) === true;
    case '!~':
      return regexMatches(m.value, v) === false;
  }
}

/** The LLM metric names a selector's `__name__` matchers select. */
export function llmNamesOf(matchers: readonly Matcher[]): string[] {
  const byName = matchers.filter((m) => m.name === '__name__');
  if (byName.length === 0) return [];
  return Object.keys(LLM_METRICS).filter((n) => byName.every((m) => passes(m, n)));
}

/** The condition that a generation starts in `range` (its point's time). */
function startsIn(range: TimeRange, p: ParamBuilder): string {
  const us = (ms: number) =>
    p.add(Math.min(Math.max(ms * 1000, METRIC_TIME_RANGE_US.min), METRIC_TIME_RANGE_US.max), 'Int64');
  return `${OBS_EXPR.start} BETWEEN ${us(range.startMs)} AND ${us(range.endMs)}`;
}

/**
 * Whether the project `p` binds has a generation starting in `range`: the LLM metric names are
 * offered among the metric names of a range only then.
 */
export async function anyLlmPointIn(
  db: Db,
  range: TimeRange,
  p: ProjectParams,
  signal?: AbortSignal,
): Promise<boolean> {
  const rows = await queryRows(db, {
    sql: `SELECT 1 AS found ${fromProject(TABLES.observationPieces, p, { final: true })} AND ${IS_GENERATION} AND ${startsIn(range, p)} LIMIT 1`,
    params: p.params,
    tag: 'prometheus.llm_names',
    signal,
    map: () => true,
  });
  return rows.length > 0;
}

/** Series id of an LLM metric series (its name and labels hashed in SQL). */
const idSql = (name: string, p: ParamBuilder) =>
  `cityHash64(${p.add(name, 'String')}, ${LABELS.map((l) => LABEL_SQL[l]).join(', ')})`;

function labelCondition(m: Matcher, p: ParamBuilder): string {
  const column = (LABELS as readonly string[]).includes(m.name) ? LABEL_SQL[m.name as (typeof LABELS)[number]] : "''";
  if (m.op === '=~' || m.op === '!~') return regexSql(column, m.op, m.value, p);
  return `${column} ${m.op} ${p.add(m.value, 'String')}`;
}

/**
 * The LLM metric series of the project `p` binds matching a selector; with `range`, those with a
 * point in it (a generation starting in it).
 */
export async function findLlmSeries(
  db: Db,
  names: string[],
  matchers: readonly Matcher[],
  p: ProjectParams,
  signal?: AbortSignal,
  range?: TimeRange,
): Promise<PromSeries[]> {
  const found: PromSeries[] = [];
  const where = matchers.filter((m) => m.name !== '__name__').map((m) => labelCondition(m, p));
  if (range) where.push(startsIn(range, p));
  for (const name of names) {
    const rows = await queryRows(db, {
      sql: `SELECT DISTINCT toString(${idSql(name, p)}) AS id, ${LABELS.map((l) => `${LABEL_SQL[l]} AS label_${l}`).join(', ')}
            ${fromProject(TABLES.observationPieces, p, { final: true })} AND ${IS_GENERATION} ${where.map((w) => `AND ${w}`).join(' ')}`,
      params: p.params,
      tag: 'prometheus.llm_series',
      signal,
      map: (r) => {
        const labels: Record<string, string> = { __name__: name };
        for (const l of LABELS) if (String(r[`label_${l}`] ?? '') !== '') labels[l] = String(r[`label_${l}`]);
        return { id: String(r.id), name, labels };
      },
    });
    found.push(...rows);
  }
  return found;
}

/**
 * Points of LLM metric series of the project `p` binds, in the shape of pointsSql (sid, t, v,
 * stale): one per series and millisecond, the generations starting there combined (LLM_METRICS).
 */
export function llmPointsSql(
  name: string,
  ids: readonly string[],
  fromMs: number,
  toMs: number,
  p: ProjectParams,
): string {
  const def = LLM_METRICS[name]!;
  const us = (ms: number) =>
    p.add(Math.min(Math.max(ms * 1000, METRIC_TIME_RANGE_US.min), METRIC_TIME_RANGE_US.max), 'Int64');
  return `
    SELECT sid, t, ${def.combine}(v) AS v, toUInt8(0) AS stale, toUInt64(0) AS pi FROM (
      SELECT ${idSql(name, p)} AS sid, intDiv(${OBS_EXPR.start}, 1000) AS t, toFloat64(${def.value}) AS v
      ${fromProject(TABLES.observationPieces, p, { final: true })}
      AND ${IS_GENERATION} AND ${OBS_EXPR.start} >= ${us(fromMs)} AND ${OBS_EXPR.start} <= ${us(toMs)}${def.where ? ` AND ${def.where}` : ''}
        AND sid IN ${p.add(ids.map(BigInt), 'Array(UInt64)')})
    GROUP BY sid, t`;
}
