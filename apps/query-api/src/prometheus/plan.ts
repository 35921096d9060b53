import type { Db, ProjectParams } from '@spanhouse/db';
import { labelsCopy } from '../metric-series/labels.ts';
import { AGGREGATIONS, aggregateValueSql } from './aggregations.ts';
import { type BinaryOp, COMPARISONS, type Expr, type Selector } from './ast.ts';
import { scalarOp } from './engine/binary.ts';
import { badData, unsupported } from './errors.ts';
import { KEEPS_NAME, RANGE_FUNCTIONS, rangeFunctionSql } from './range-functions.ts';
import { rangeWalkSql, WALKED_FUNCTIONS } from './range-walk-sql.ts';
import { type Grid, instantSelectorSql, rangeArraysSql } from './samples-sql.ts';
import { compareLabels, findSeries, type Labels } from './series-lookup.ts';
import { floatParam } from './sql-parts.ts';

/**
 * A vector expression evaluated at every step of a grid: SQL whose rows are (id UInt64, k UInt64
 * step index, v Float64), and the labels of each id. The labels are worked out here, in
 * JavaScript (they depend only on the series, not on the points); every value is computed by
 * ClickHouse.
 */
export type VectorPlan = { kind: 'vector'; sql: string; labels: Map<string, Labels> };
export type ScalarPlan = { kind: 'scalar'; value: number };
export type Plan = VectorPlan | ScalarPlan;

export type PlanContext = {
  db: Db;
  grid: Grid;
  /** Binds the project every series and point read is of. */
  p: ProjectParams;
  signal?: AbortSignal;
  /** Series the plan's selectors read, counted as they are looked up (for the read's priority). */
  seriesRead?: number;
};

const withoutName = (l: Labels): Labels => {
  const out = labelsCopy(l);
  delete out.__name__;
  return out;
};
const mapLabels = (m: Map<string, Labels>, f: (l: Labels) => Labels) => new Map([...m].map(([id, l]) => [id, f(l)]));

/** Compiles an expression to SQL over the metric tables (looking up the series it selects). */
export async function plan(e: Expr, ctx: PlanContext): Promise<Plan> {
  switch (e.kind) {
    case 'number':
      return { kind: 'scalar', value: e.value };
    case 'string':
      throw unsupported('string expressions');
    case 'selector':
      return selectorPlan(e, ctx, async (series, grid) => instantSelectorSql(series, e.offsetMs, grid, ctx.p));
    case 'matrix':
      throw badData('invalid expression type "range vector" for range query, must be Scalar or instant Vector');
    case 'subquery':
      throw unsupported('subqueries in SQL');
    case 'unary': {
      const inner = await plan(e.expr, ctx);
      if (e.op === '+') return inner;
      if (inner.kind === 'scalar') return { kind: 'scalar', value: -inner.value };
      return {
        kind: 'vector',
        sql: `SELECT id, k, -v AS v FROM (${inner.sql})`,
        labels: mapLabels(inner.labels, withoutName),
      };
    }
    case 'binary':
      return binaryPlan(e.op, e.lhs, e.rhs, e.bool, ctx);
    case 'call':
      return callPlan(e.func, e.args, ctx);
    case 'aggregate':
      return aggregatePlan(e, ctx);
  }
}

/** The series of a selector, then `sql` over them; an `@` time evaluates once and repeats at every step. */
async function selectorPlan(
  sel: Selector,
  ctx: PlanContext,
  sql: (series: { ids: string[]; names: string[] }, grid: Grid) => Promise<string>,
  relabel: (l: Labels) => Labels = (l) => l,
): Promise<VectorPlan> {
  const found = await findSeries(ctx.db, ctx.p.project, sel.matchers, { signal: ctx.signal });
  ctx.seriesRead = (ctx.seriesRead ?? 0) + found.length;
  const labels = new Map(found.map((s) => [s.id, relabel(s.labels)]));
  if (found.length === 0)
    return { kind: 'vector', sql: 'SELECT toUInt64(0) AS id, toUInt64(0) AS k, toFloat64(0) AS v WHERE 0', labels };
  const series = { ids: found.map((s) => s.id), names: [...new Set(found.map((s) => s.name))] };
  if (sel.at === undefined) return { kind: 'vector', sql: await sql(series, ctx.grid), labels };
  const g = ctx.grid;
  const at = sel.at === 'start' ? g.startMs : sel.at === 'end' ? g.startMs + (g.steps - 1) * g.stepMs : sel.at;
  const once = await sql(series, { startMs: at, stepMs: 1, steps: 1 });
  return {
    kind: 'vector',
    sql: `SELECT id, k, v FROM (${once}) ARRAY JOIN range(toUInt64(${ctx.p.add(g.steps, 'UInt64')})) AS k`,
    labels,
  };
}

async function callPlan(func: string, args: Expr[], ctx: PlanContext): Promise<Plan> {
  if (RANGE_FUNCTIONS.has(func)) {
    const q = func === 'quantile_over_time' ? scalarArg(args[0], func) : undefined;
    const m = args[args.length - 1];
    if (m?.kind !== 'matrix' || args.length !== (q === undefined ? 1 : 2)) {
      throw badData(`expected a range vector argument in call to function "${func}"`);
    }
    if (q !== undefined && !(q >= 0 && q <= 1))
      return constantPerSeries(m, ctx, q < 0 ? -Infinity : q > 1 ? Infinity : NaN);
    const call = { func, rangeMs: m.rangeMs, offsetMs: m.selector.offsetMs, q };
    return selectorPlan(
      m.selector,
      ctx,
      async (series, grid) => {
        // Overlapping ranges: each series' points walked once along the steps (range-walk-sql.ts).
        if (WALKED_FUNCTIONS.has(func) && m.rangeMs >= grid.stepMs && grid.steps > 1)
          return rangeWalkSql(series, call, grid, ctx.p);
        const tk = `(${ctx.p.add(grid.startMs, 'Int64')} + toInt64(k) * ${ctx.p.add(grid.stepMs, 'Int64')})`;
        const f = rangeFunctionSql(call, tk, ctx.p);
        return `SELECT sid AS id, k, ${f.value} AS v FROM (${rangeArraysSql(series, m.rangeMs, m.selector.offsetMs, grid, ctx.p)}) WHERE ${f.where}`;
      },
      KEEPS_NAME.has(func) ? undefined : withoutName,
    );
  }
  throw unsupported(`function ${func}`);
}

/** quantile_over_time with q outside [0, 1]: ±Inf or NaN wherever the range has points. */
async function constantPerSeries(m: Expr & { kind: 'matrix' }, ctx: PlanContext, value: number): Promise<Plan> {
  const inner = await callPlan('count_over_time', [m], ctx);
  if (inner.kind !== 'vector') return inner;
  return { ...inner, sql: `SELECT id, k, ${floatParam(ctx.p, value)} AS v FROM (${inner.sql})` };
}

function scalarArg(e: Expr | undefined, func: string): number {
  if (e?.kind === 'number') return e.value;
  if (e?.kind === 'unary' && e.expr.kind === 'number') return e.op === '-' ? -e.expr.value : e.expr.value;
  throw unsupported(`a non-literal scalar argument to ${func}`);
}

async function vectorArg(e: Expr, ctx: PlanContext, what: string): Promise<VectorPlan> {
  const inner = await plan(e, ctx);
  if (inner.kind !== 'vector') throw badData(`expected type instant vector in ${what}, got scalar`);
  return inner;
}

/** Group index and order (label order) of each input id, for the transform() of the SQL. */
function groupsOf(inner: VectorPlan, keyOf: (l: Labels) => Labels) {
  const entries = [...inner.labels].sort((a, b) => compareLabels(a[1], b[1]));
  const groupIndex = new Map<string, number>();
  const groupLabels = new Map<string, Labels>();
  const ids: bigint[] = [];
  const groups: number[] = [];
  const ranks: number[] = [];
  entries.forEach(([id, l], rank) => {
    const out = keyOf(l);
    const key = JSON.stringify(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groupIndex.size;
      groupIndex.set(key, g);
      groupLabels.set(String(g), out);
    }
    ids.push(BigInt(id));
    groups.push(g);
    ranks.push(rank);
  });
  return { ids, groups, ranks, groupLabels };
}

async function aggregatePlan(e: Expr & { kind: 'aggregate' }, ctx: PlanContext): Promise<Plan> {
  if (!AGGREGATIONS.has(e.op)) throw unsupported(`aggregation ${e.op}`);
  const inner = await vectorArg(e.expr, ctx, `aggregation ${e.op}`);
  const param = e.param === undefined ? undefined : scalarArg(e.param, e.op);
  const keep = (l: Labels): Labels => {
    if (e.without) {
      const out = withoutName(l);
      for (const g of e.grouping) delete out[g];
      return out;
    }
    const out = labelsCopy();
    for (const g of e.grouping) if (l[g] !== undefined) out[g] = l[g];
    return out;
  };
  const { ids, groups, ranks, groupLabels } = groupsOf(inner, keep);
  const p = ctx.p;
  const idsP = p.add(ids, 'Array(UInt64)');
  const grouped = `SELECT id, transform(id, ${idsP}, ${p.add(groups, 'Array(UInt32)')}, toUInt32(0)) AS g,
      transform(id, ${idsP}, ${p.add(ranks, 'Array(UInt32)')}, toUInt32(0)) AS r, k, v FROM (${inner.sql})`;
  if (e.op === 'quantile' && !(param !== undefined && param >= 0 && param <= 1)) {
    const value = param === undefined || Number.isNaN(param) ? NaN : param < 0 ? -Infinity : Infinity;
    return {
      kind: 'vector',
      sql: `SELECT toUInt64(g) AS id, k, ${floatParam(p, value)} AS v FROM (${grouped}) GROUP BY g, k`,
      labels: groupLabels,
    };
  }
  const value = aggregateValueSql(e.op, p, param);
  return {
    kind: 'vector',
    sql: `SELECT toUInt64(g) AS id, k, ${value} AS v FROM (
      SELECT g, k, arrayMap(x -> x.2, arraySort(groupArray((r, v)))) AS vs FROM (${grouped}) GROUP BY g, k)`,
    labels: groupLabels,
  };
}

async function binaryPlan(op: BinaryOp, lhsE: Expr, rhsE: Expr, bool: boolean, ctx: PlanContext): Promise<Plan> {
  // ClickHouse's float modulo is not Go's math.Mod; atan2 and set operators are the service's.
  if (op === '%' || op === 'atan2' || op === 'and' || op === 'or' || op === 'unless')
    throw unsupported(`the ${op} operator in SQL`);
  const [lhs, rhs] = await Promise.all([plan(lhsE, ctx), plan(rhsE, ctx)]);
  const comparison = COMPARISONS.has(op);
  if (lhs.kind === 'scalar' && rhs.kind === 'scalar') {
    if (comparison && !bool) throw badData('comparisons between scalars must use BOOL modifier');
    return { kind: 'scalar', value: scalarOp(op, lhs.value, rhs.value) };
  }
  if (lhs.kind === 'vector' && rhs.kind === 'vector') throw unsupported('binary operations between two vectors');
  if (bool && !comparison) throw badData('bool modifier can only be used on comparison operators');
  const vector = (lhs.kind === 'vector' ? lhs : rhs) as VectorPlan;
  const scalar = floatParam(ctx.p, (lhs.kind === 'scalar' ? lhs : (rhs as ScalarPlan)).value);
  const [a, b] = lhs.kind === 'vector' ? ['v', scalar] : [scalar, 'v'];
  const sqlOp = op === '^' ? undefined : op === '==' ? '=' : op;
  const expr = sqlOp === undefined ? `pow(${a}, ${b})` : `(${a} ${sqlOp} ${b})`;
  const dropName = !comparison || bool;
  const labels = dropName ? mapLabels(vector.labels, withoutName) : vector.labels;
  if (!comparison) return { kind: 'vector', sql: `SELECT id, k, ${expr} AS v FROM (${vector.sql})`, labels };
  if (bool) return { kind: 'vector', sql: `SELECT id, k, toFloat64(${expr}) AS v FROM (${vector.sql})`, labels };
  return { kind: 'vector', sql: `SELECT id, k, v FROM (${vector.sql}) WHERE ${expr}`, labels };
}
