import { labelsCopy } from '../../metric-series/labels.ts';
import { AGGREGATIONS } from '../aggregations.ts';
import type { Expr } from '../ast.ts';
import { RANGE_FUNCTIONS } from '../range-functions.ts';
import { LOOKBACK_MS } from '../samples-sql.ts';
import { evaluateInClickHouse } from '../sql-evaluate.ts';
import type { Evaluator, Offload } from './evaluator.ts';
import type { Matrix } from './values.ts';

/**
 * Where the parts of a query the SQL planner compiles are computed: `auto` chooses by the shape of
 * the query (see worthPushingDown), `clickhouse` pushes down every part it can, `service` none.
 */
export type PushdownMode = 'auto' | 'clickhouse' | 'service';

const isScalarLiteral = (e: Expr | undefined): boolean =>
  e?.kind === 'number' || (e?.kind === 'unary' && e.expr.kind === 'number');

/**
 * How deep one SQL query nests at most, in levels of operators, an aggregation or a range
 * function counting as AGGREGATION_LEVELS (each is a subquery, about three times the parser depth
 * of an operator's parentheses). ClickHouse refuses SQL past its parser's depth (1000):
 * `up + 1 + 1 ...` of 100 operators did, and so did 40 aggregations nested. A deeper expression is
 * computed in the service, its parts within the bound still pushed down (the evaluator offers
 * every node); a refusal all the same falls back to the service too (isTooDeep). Dashboards'
 * queries nest a handful of levels.
 */
export const MAX_SQL_NESTING = 40;
const AGGREGATION_LEVELS = 3;

/**
 * Whether plan.ts compiles the expression to SQL with Prometheus' exact answers: selectors, the
 * range functions over selectors, the aggregations of aggregations.ts, arithmetic and comparisons
 * with a literal scalar (not `%`: ClickHouse's float modulo is not Go's), unary minus; nested no
 * deeper than MAX_SQL_NESTING (`depth` is the level of `e`).
 */
export function sqlCompiles(e: Expr, depth = 0): boolean {
  if (depth > MAX_SQL_NESTING) return false;
  switch (e.kind) {
    case 'number':
    case 'selector':
      return true;
    case 'call':
      if (RANGE_FUNCTIONS.has(e.func)) {
        if (depth + AGGREGATION_LEVELS > MAX_SQL_NESTING) return false;
        const m = e.args[e.args.length - 1];
        return m?.kind === 'matrix' && (e.func !== 'quantile_over_time' || isScalarLiteral(e.args[0]));
      }
      return false;
    case 'aggregate':
      return (
        AGGREGATIONS.has(e.op) &&
        (e.param === undefined || isScalarLiteral(e.param)) &&
        sqlCompiles(e.expr, depth + AGGREGATION_LEVELS)
      );
    case 'binary':
      if (e.matching || e.op === '%' || e.op === 'atan2' || e.op === 'and' || e.op === 'or' || e.op === 'unless') {
        return false;
      }
      return (
        sqlCompiles(e.lhs, depth + 1) &&
        sqlCompiles(e.rhs, depth + 1) &&
        (!readsSelector(e.lhs) || !readsSelector(e.rhs))
      );
    case 'unary':
      return sqlCompiles(e.expr, depth + 1);
    default:
      return false;
  }
}

function readsSelector(e: Expr): boolean {
  switch (e.kind) {
    case 'selector':
    case 'matrix':
      return true;
    case 'call':
      return e.args.some(readsSelector);
    case 'aggregate':
      return readsSelector(e.expr) || (e.param !== undefined && readsSelector(e.param));
    case 'binary':
      return readsSelector(e.lhs) || readsSelector(e.rhs);
    case 'unary':
      return readsSelector(e.expr);
    default:
      return false;
  }
}

/**
 * The longest range an expression's steps read back: its range functions' ranges, and an instant
 * selector's lookback (each step reads the 5 minutes before it); 0 without any.
 */
function longestRange(e: Expr): number {
  switch (e.kind) {
    case 'matrix':
      return e.rangeMs;
    case 'selector':
      return LOOKBACK_MS;
    case 'call':
      return Math.max(0, ...e.args.map(longestRange));
    case 'aggregate':
      return longestRange(e.expr);
    case 'binary':
      return Math.max(longestRange(e.lhs), longestRange(e.rhs));
    case 'unary':
      return longestRange(e.expr);
    default:
      return 0;
  }
}

/** The names of the functions an expression calls. */
function functionsOf(e: Expr, out = new Set<string>()): Set<string> {
  switch (e.kind) {
    case 'call':
      out.add(e.func);
      for (const a of e.args) functionsOf(a, out);
      break;
    case 'aggregate':
      functionsOf(e.expr, out);
      if (e.param) functionsOf(e.param, out);
      break;
    case 'binary':
      functionsOf(e.lhs, out);
      functionsOf(e.rhs, out);
      break;
    case 'unary':
      functionsOf(e.expr, out);
      break;
  }
  return out;
}

/**
 * Whether ClickHouse should compute the expression over these steps. With overlapping ranges (an
 * instant selector's lookback counts as a range) the SQL copies each point into every range
 * holding it, and reading the points once into the service is cheaper, and shared with the
 * queries reading them at once. Where ranges do not overlap (shorter than the step) the SQL reads
 * each point once, yet grouping by series and step costs ClickHouse more than reading the points
 * out for the range functions the service folds in one pass (`sum_over_time` over 1,000 series:
 * 1.1-1.2 s here against 1.4-2.5 s in SQL); `quantile_over_time`, which the service keeps sorted
 * per window, stays faster in SQL (0.7-0.9 s against 1.6-1.7 s for 100 series of a day). A single
 * step (an instant query) is always pushed down. Figures: decisions/0046-promql-speed.md.
 */
function worthPushingDown(e: Expr, ev: Evaluator): boolean {
  if (ev.start === ev.end) return true;
  if (longestRange(e) >= ev.interval) return false;
  const functions = [...functionsOf(e)].filter((f) => RANGE_FUNCTIONS.has(f));
  return functions.length === 0 || functions.includes('quantile_over_time');
}

/** The Offload of a mode: the SQL planner's evaluation of what it compiles (and the mode wants). */
export function pushdown(mode: PushdownMode): Offload | undefined {
  if (mode === 'service') return undefined;
  return async (e, ev) => {
    if (!sqlCompiles(e) || !readsSelector(e)) return undefined;
    if (mode === 'auto' && !worthPushingDown(e, ev)) return undefined;
    const grid = { startMs: ev.start, stepMs: ev.interval, steps: ev.steps() };
    let out: Awaited<ReturnType<typeof evaluateInClickHouse>>;
    try {
      out = await ev.q.read(evaluateInClickHouse(ev.q.db, ev.q.project, e, grid, ev.q.signal));
    } catch (err) {
      if (isTooDeep(err)) return undefined;
      throw err;
    }
    let matrix: Matrix;
    if (out.kind === 'scalar') {
      const ts = Array.from({ length: grid.steps }, (_, k) => grid.startMs + k * grid.stepMs);
      matrix = [{ metric: labelsCopy(), ts, vs: ts.map(() => out.value) }];
    } else {
      matrix = out.series.map((s) => ({
        metric: s.metric,
        ts: s.points.map((p) => p[0]),
        vs: s.points.map((p) => p[1]),
      }));
    }
    ev.q.addSamples(matrix.reduce((n, s) => n + s.ts.length, 0));
    return matrix;
  };
}

/**
 * ClickHouse's refusal of SQL nested past its parser's depth ("Maximum parse depth (1000)
 * exceeded", TOO_DEEP_RECURSION): the expression is then computed in the service, never answered
 * as a storage error.
 */
function isTooDeep(err: unknown): boolean {
  return (
    err instanceof Error &&
    err.constructor.name === 'ClickHouseError' &&
    (String((err as { code?: unknown }).code) === '306' || /Maximum parse depth/.test(err.message))
  );
}
