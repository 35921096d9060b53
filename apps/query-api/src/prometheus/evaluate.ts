import type { Db } from '@spanhouse/db';
import { formatPromFloat } from '@spanhouse/schema';
import type { Expr } from './ast.ts';
import { Evaluator } from './engine/evaluator.ts';
import { resolveAtModifiers, stepInvariantParts } from './engine/preprocess.ts';
import { type PushdownMode, pushdown } from './engine/pushdown.ts';
import { DEFAULT_LIMITS, QueryContext, type QueryLimits } from './engine/query-context.ts';
import { compareLabels, type Labels, type Matrix, sortedLabels } from './engine/values.ts';
import { badData, engineUnavailable, execution, PromApiError, regexRefusal } from './errors.ts';
import { formatTime, formatValue } from './format.ts';
import { llmNamesOf } from './llm-metrics.ts';
import { parsePromQL } from './parse.ts';
import type { PromResultCache, SeriesPoints } from './result-cache.ts';
import type { Grid } from './samples-sql.ts';
import { documentedType, typeOf } from './typecheck.ts';

/** Prometheus refuses range queries of more points than this per series (its API's limit). */
export const MAX_POINTS_PER_SERIES = 11_000;

export type QueryResult =
  | { resultType: 'matrix'; result: { metric: Labels; values: [number, string][] }[] }
  | { resultType: 'vector'; result: { metric: Labels; value: [number, string] }[] }
  | { resultType: 'scalar'; result: [number, string] }
  | { resultType: 'string'; result: [number, string] };

export type QueryOptions = {
  signal?: AbortSignal;
  limits?: QueryLimits;
  /** Where the parts the SQL planner compiles run (default auto: engine/pushdown.ts). */
  pushdown?: PushdownMode;
};

/** The grid of a range query, refused as Prometheus refuses it (end before start, too many points). */
export function rangeGrid(startMs: number, endMs: number, stepMs: number): Grid {
  if (endMs < startMs) throw badData('invalid parameter "end": end timestamp must not be before start time');
  const steps = Math.floor((endMs - startMs) / stepMs) + 1;
  // Prometheus' check is `(end - start) / step > 11000`: 11,001 points are answered.
  if (steps - 1 > MAX_POINTS_PER_SERIES) {
    throw badData(
      'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    );
  }
  return { startMs, stepMs, steps, endMs };
}

/**
 * Evaluates an expression over start, start + interval, ..., end on `project`'s series as
 * Prometheus 2.42's engine does (engine/evaluator.ts), the parts ClickHouse computes better pushed down (engine/pushdown.ts),
 * within the query limits. Run-time failures are execution errors, never a crash.
 */
async function run(
  db: Db,
  project: string,
  expr: Expr,
  startMs: number,
  endMs: number,
  intervalMs: number,
  opts: QueryOptions,
): Promise<Matrix | string> {
  const q = new QueryContext(db, project, opts.limits ?? DEFAULT_LIMITS, opts.signal);
  const ev = new Evaluator(q, startMs, endMs, intervalMs, stepInvariantParts(expr), pushdown(opts.pushdown ?? 'auto'));
  try {
    const v = await ev.eval(expr);
    return v.type === 'string' ? v.value : v.matrix;
  } catch (err) {
    throw asQueryError(err, q);
  }
}

/**
 * What a failure during evaluation answers: our API errors as they are; ClickHouse's refusals of
 * bad input (a regex RE2 cannot compile) as bad_data; a ClickHouse that cannot be reached as
 * unavailable; a timeout or cancellation as such; anything else as an execution error, as
 * Prometheus answers a query that failed while it ran.
 */
function asQueryError(err: unknown, q: QueryContext): unknown {
  if (err instanceof PromApiError) return err;
  const refused = regexRefusal(err) ?? engineUnavailable(err);
  if (refused) return refused;
  const isCh = err instanceof Error && err.constructor.name === 'ClickHouseError';
  try {
    q.check();
  } catch (timedOut) {
    return timedOut;
  }
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return execution(isCh ? `storage error: ${message}` : `unexpected error: ${message}`);
}

/** query_range's answer: a matrix (a scalar becomes one series without labels), series by labels. */
export async function rangeQuery(
  db: Db,
  project: string,
  query: string,
  grid: Grid,
  opts: QueryOptions & { cache?: PromResultCache } = {},
): Promise<QueryResult> {
  const expr = parsePromQL(query);
  const type = typeOf(expr);
  if (type !== 'scalar' && type !== 'vector') {
    throw badData(
      `invalid expression type "${documentedType(type)}" for range query, must be Scalar or instant Vector`,
    );
  }
  resolveAtModifiers(expr, grid.startMs, grid.endMs ?? grid.startMs + (grid.steps - 1) * grid.stepMs);
  checkTimeLeft(opts);
  const compute = async (g: Grid): Promise<SeriesPoints[]> => {
    const m = (await run(db, project, expr, g.startMs, g.startMs + (g.steps - 1) * g.stepMs, g.stepMs, opts)) as Matrix;
    return m
      .map((s) => ({ metric: s.metric, points: s.ts.map((t, i) => [t, s.vs[i]!] as [number, number]) }))
      .sort((a, b) => compareLabels(a.metric, b.metric));
  };
  const reach = cacheReach(expr);
  const series =
    opts.cache && reach !== undefined
      ? await opts.cache.range(project, query, grid, reach, compute, readsLlmSeries(expr))
      : await compute(grid);
  return {
    resultType: 'matrix',
    result: series.map((s) => ({
      metric: sortedLabels(s.metric),
      values: s.points.map(([t, v]) => [formatTime(t), formatValue(v)]),
    })),
  };
}

/**
 * A query given no time at all (`timeout=0s`, or less) times out before it starts, as in
 * Prometheus, whose query waits for its turn in the engine under a deadline already past; also
 * where a cached answer could have served it.
 */
function checkTimeLeft(opts: QueryOptions): void {
  if (opts.limits && opts.limits.timeoutMs <= 0) throw new PromApiError('timeout', 'query timed out in query queue');
}

/** query's answer at one time: a vector, a scalar, a range vector's points (a matrix) or a string. */
export async function instantQuery(
  db: Db,
  project: string,
  query: string,
  timeMs: number,
  opts: QueryOptions = {},
): Promise<QueryResult> {
  let expr: Expr;
  try {
    expr = parsePromQL(query);
  } catch (err) {
    if (err instanceof PromApiError) throw badData(`invalid parameter "query": ${err.message}`);
    throw err;
  }
  resolveAtModifiers(expr, timeMs, timeMs);
  checkTimeLeft(opts);
  const out = await run(db, project, expr, timeMs, timeMs, 1, opts);
  const t = formatTime(timeMs);
  if (typeof out === 'string') return { resultType: 'string', result: [t, out] };
  switch (typeOf(expr)) {
    case 'scalar':
      // Prometheus 2.42 writes a scalar answer in plain decimals whatever its size (its Scalar's
      // JSON: strconv 'f'), unlike the samples of vectors and matrices.
      return { resultType: 'scalar', result: [t, formatPromFloat(out[0]?.vs[0] ?? Number.NaN)] };
    case 'matrix':
      return {
        resultType: 'matrix',
        result: out.map((s) => ({
          metric: sortedLabels(s.metric),
          values: s.ts.map((ts, i) => [formatTime(ts), formatValue(s.vs[i]!)]),
        })),
      };
    default:
      return {
        resultType: 'vector',
        result: out.map((s) => ({ metric: sortedLabels(s.metric), value: [t, formatValue(s.vs[0]!)] })),
      };
  }
}

/** Whether a query selects one of the LLM series, which are read from the traces. */
function readsLlmSeries(e: Expr): boolean {
  switch (e.kind) {
    case 'selector':
      return llmNamesOf(e.matchers).length > 0;
    case 'matrix':
      return readsLlmSeries(e.selector);
    case 'subquery':
    case 'unary':
      return readsLlmSeries(e.expr);
    case 'call':
      return e.args.some(readsLlmSeries);
    case 'aggregate':
      return readsLlmSeries(e.expr) || (e.param !== undefined && readsLlmSeries(e.param));
    case 'binary':
      return readsLlmSeries(e.lhs) || readsLlmSeries(e.rhs);
    default:
      return false;
  }
}

/**
 * How far past a step a query reads (the smallest sum of offsets on a path to a selector, 0 or
 * less), for the refresh cache; undefined when a step's answer depends on more than the points up
 * to there (`@` fixes times, so it is never cached).
 */
function cacheReach(e: Expr): number | undefined {
  const reach = (x: Expr): number | undefined => {
    switch (x.kind) {
      case 'selector':
        return x.at === undefined ? Math.min(0, x.offsetMs) : undefined;
      case 'matrix':
        return reach(x.selector);
      case 'subquery': {
        const inner = reach(x.expr);
        return x.at === undefined && inner !== undefined ? Math.min(0, x.offsetMs + inner) : undefined;
      }
      case 'call':
        return combine(x.args.map(reach));
      case 'aggregate':
        return combine([reach(x.expr), x.param ? reach(x.param) : 0]);
      case 'binary':
        return combine([reach(x.lhs), reach(x.rhs)]);
      case 'unary':
        return reach(x.expr);
      default:
        return 0;
    }
  };
  const combine = (xs: (number | undefined)[]) =>
    xs.some((x) => x === undefined) ? undefined : Math.min(0, ...(xs as number[]));
  return reach(e);
}
