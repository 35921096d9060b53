import { type Db, ProjectParams, queryCompact } from '@spanhouse/db';
import { labelsCopy } from '../metric-series/labels.ts';
import type { Expr } from './ast.ts';
import { badData } from './errors.ts';
import { type PlanContext, plan } from './plan.ts';
import { readPriority } from './read-priority.ts';
import { type Grid, LOOKBACK_MS } from './samples-sql.ts';
import { compareLabels, type Labels } from './series-lookup.ts';
import { compareStrings } from './string-order.ts';

export type SeriesResult = { metric: Labels; points: [number, number][] };

/**
 * Evaluates an expression the SQL planner supports (plan.ts) over the grid in ClickHouse, on `project`'s series: compiled
 * to one query, one read, then series by labels with their points in time order. A scalar is the
 * same value at every step.
 */
export async function evaluateInClickHouse(
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
  const ctx: PlanContext = { db, grid, p, signal };
  const compiled = await plan(expr, ctx);
  if (compiled.kind === 'scalar') return compiled;
  const rows = await queryCompact(db, {
    sql: `SELECT toString(id), groupArray(k), groupArray(v) FROM (${compiled.sql}) GROUP BY id`,
    // FINAL (of the small non-finite table) merges within partitions only; NaN and Inf are
    // written as strings rather than null.
    settings: {
      do_not_merge_across_partitions_select_final: 1,
      output_format_json_quote_denormals: 1,
      priority: readPriority(ctx.seriesRead ?? 0, (grid.steps - 1) * grid.stepMs + LOOKBACK_MS),
    },
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
  const out = labelsCopy();
  for (const k of Object.keys(l).sort(compareStrings)) out[k] = l[k]!;
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
