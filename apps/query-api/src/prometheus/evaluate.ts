import { type Db, ProjectParams, queryCompact } from '@spanhouse/db';

import type { Expr, Selector } from './ast.ts';
import { badData } from './errors.ts';
import { formatTime, formatValue } from './format.ts';
import { parsePromQL } from './parse.ts';
import { plan } from './plan.ts';
import type { PromResultCache } from './result-cache.ts';
import type { Grid } from './samples-sql.ts';
import { compareLabels, type Labels } from './series-lookup.ts';

/** Prometheus refuses range queries of more points than this per series (its API's limit). */
export const MAX_POINTS_PER_SERIES = 11_000;

export type SeriesResult = { metric: Labels; points: [number, number][] };
export type QueryResult =
  | { resultType: 'matrix'; result: { metric: Labels; values: [number, string][] }[] }
  | { resultType: 'vector'; result: { metric: Labels; value: [number, string] }[] }
  | { resultType: 'scalar'; result: [number, string] };

/** The grid of a range query, refused as Prometheus refuses it (end before start, too many points). */
export function rangeGrid(startMs: number, endMs: number, stepMs: number): Grid {
  if (endMs < startMs) throw badData('invalid parameter "end": end timestamp must not be before start time');
  const steps = Math.floor((endMs - startMs) / stepMs) + 1;
  if (steps > MAX_POINTS_PER_SERIES) {
    throw badData(
      'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    );
  }
  return { startMs, stepMs, steps };
}

/**
 * Evaluates PromQL over the grid: parse (Prometheus' grammar), compile to SQL (plan.ts), one read,
 * then series by labels (Prometheus sorts range results so) with their points in time order.
 * A scalar is the same value at every step.
 */
export async function evaluate(
  db: Db,
  project: string,
  expr: Expr,
  grid: Grid,
  signal?: AbortSignal,
): Promise<{ kind: 'scalar'; value: number } | { kind: 'vector'; series: SeriesResult[] }> {
  if (expr.kind === 'matrix') {
    throw badData('invalid expression type "range vector" for range query, must be Scalar or instant Vector');
  }
  const p = new ProjectParams(project);
  const compiled = await plan(expr, { db, grid, p, signal });
  if (compiled.kind === 'scalar') return compiled;
  const rows = await queryCompact(db, {
    sql: `SELECT toString(id), groupArray(k), groupArray(v) FROM (${compiled.sql}) GROUP BY id`,
    // FINAL (of the small non-finite table) merges within partitions only; NaN and Inf are
    // written as strings rather than null.
    settings: { do_not_merge_across_partitions_select_final: 1, output_format_json_quote_denormals: 1 },
    params: p.params,
    tag: 'prometheus.query',
    signal,
    map: ([id, ks, vs]) => ({ id: String(id), ks: ks as unknown[], vs: vs as unknown[] }),
  });
  const series: SeriesResult[] = [];
  for (const r of rows) {
    const metric = compiled.labels.get(r.id);
    if (!metric) continue;
    const points: [number, number][] = r.ks.map((k, i) => [grid.startMs + Number(k) * grid.stepMs, toFloat(r.vs[i])]);
    points.sort((a, b) => a[0] - b[0]);
    series.push({ metric: sortedKeys(metric), points });
  }
  series.sort((a, b) => compareLabels(a.metric, b.metric));
  return { kind: 'vector', series };
}

/** Labels with their keys in order, as Prometheus writes them. */
function sortedKeys(l: Labels): Labels {
  const out: Labels = {};
  for (const k of Object.keys(l).sort()) out[k] = l[k]!;
  return out;
}

/** A Float64 of a JSONCompact row: a number, or a quoted nan/inf/-inf. */
function toFloat(x: unknown): number {
  if (typeof x === 'number') return x;
  if (x === 'nan' || x === '-nan') return Number.NaN;
  if (x === 'inf' || x === '+inf') return Number.POSITIVE_INFINITY;
  if (x === '-inf') return Number.NEGATIVE_INFINITY;
  return Number(x);
}

/**
 * query_range's answer: a matrix (a scalar becomes one series without labels). With `cache`, the
 * steps of an earlier answer of the same query are reused and only the rest computed.
 */
export async function rangeQuery(
  db: Db,
  project: string,
  query: string,
  grid: Grid,
  opts: { signal?: AbortSignal; cache?: PromResultCache } = {},
): Promise<QueryResult> {
  const expr = parsePromQL(query);
  const selectors = selectorsOf(expr);
  const cacheable = opts.cache && selectors.length > 0 && selectors.every((s) => s.at === undefined);
  const out = cacheable
    ? {
        kind: 'vector' as const,
        series: await opts.cache!.range(
          project,
          query,
          grid,
          Math.min(0, ...selectors.map((s) => s.offsetMs)),
          async (g) => {
            const part = await evaluate(db, project, expr, g, opts.signal);
            return part.kind === 'vector' ? part.series : [];
          },
        ),
      }
    : await evaluate(db, project, expr, grid, opts.signal);
  const times = Array.from({ length: grid.steps }, (_, k) => grid.startMs + k * grid.stepMs);
  if (out.kind === 'scalar') {
    const v = formatValue(out.value);
    return { resultType: 'matrix', result: [{ metric: {}, values: times.map((t) => [formatTime(t), v]) }] };
  }
  return {
    resultType: 'matrix',
    result: out.series.map((s) => ({
      metric: s.metric,
      values: s.points.map(([t, v]) => [formatTime(t), formatValue(v)]),
    })),
  };
}

/** query's answer at one time: a vector, or a scalar. */
export async function instantQuery(
  db: Db,
  project: string,
  query: string,
  timeMs: number,
  signal?: AbortSignal,
): Promise<QueryResult> {
  const out = await evaluate(db, project, parsePromQL(query), { startMs: timeMs, stepMs: 1, steps: 1 }, signal);
  if (out.kind === 'scalar') return { resultType: 'scalar', result: [formatTime(timeMs), formatValue(out.value)] };
  return {
    resultType: 'vector',
    result: out.series.map((s) => ({ metric: s.metric, value: [formatTime(timeMs), formatValue(s.points[0]![1])] })),
  };
}

/** Every selector of an expression. */
export function selectorsOf(e: Expr): Selector[] {
  switch (e.kind) {
    case 'selector':
      return [e];
    case 'matrix':
      return [e.selector];
    case 'call':
      return e.args.flatMap(selectorsOf);
    case 'aggregate':
      return [...(e.param ? selectorsOf(e.param) : []), ...selectorsOf(e.expr)];
    case 'binary':
      return [...selectorsOf(e.lhs), ...selectorsOf(e.rhs)];
    case 'unary':
      return selectorsOf(e.expr);
    default:
      return [];
  }
}
