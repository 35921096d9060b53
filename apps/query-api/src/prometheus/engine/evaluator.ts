import { labelsCopy } from '../../metric-series/labels.ts';
import type { Expr, MatrixSelector, Selector, Subquery } from '../ast.ts';
import { execution } from '../errors.ts';
import { LOOKBACK_MS } from '../samples-sql.ts';
import { typeOf } from '../typecheck.ts';
import { aggregate, aggregateSeries, COLUMN_AGGREGATIONS, groupingKey } from './aggregate.ts';
import {
  scalarOp,
  seriesBinop,
  signatureFunction,
  vectorAnd,
  vectorBinop,
  vectorOr,
  vectorScalarOp,
  vectorUnless,
} from './binary.ts';
import { INSTANT_FUNCTIONS } from './functions.ts';
import { OVER_TIME_FUNCTIONS, PREFIX_COUNTS } from './functions-over-time.ts';
import type { QueryContext } from './query-context.ts';
import { slidingQuantile } from './sliding-quantile.ts';
import {
  dropName,
  type Labels,
  labelsKey,
  type Matrix,
  type Sample,
  type Series,
  type Value,
  type Vector,
} from './values.ts';
import { floatPoints, lastAtOrBefore, lookback, overWindows } from './windows.ts';

/** The step of a subquery written without one (`x[5m:]`): Prometheus' default evaluation interval. */
const DEFAULT_SUBQUERY_STEP_MS = 60_000;

/**
 * Moves an expression's evaluation elsewhere (the SQL planner): the result of `e` over the
 * evaluator's steps, or undefined to evaluate it here.
 */
export type Offload = (e: Expr, ev: Evaluator) => Promise<Matrix | undefined>;

/**
 * Evaluates PromQL as Prometheus 2.42's engine does (promql/engine.go), over the steps
 * start, start + interval, ..., end: instant vectors and scalars as series of step-aligned points,
 * range vectors at one instant as their raw points. Selectors read their series' points from
 * ClickHouse (QueryContext); expressions `offload` takes are computed there instead.
 */
export class Evaluator {
  constructor(
    readonly q: QueryContext,
    readonly start: number,
    readonly end: number,
    readonly interval: number,
    /** Expressions evaluated once at `start` and repeated at every step (StepInvariantExpr). */
    private readonly invariant: ReadonlySet<Expr>,
    private readonly offload?: Offload,
  ) {}

  private child(start: number, end: number, interval: number): Evaluator {
    return new Evaluator(this.q, start, end, interval, this.invariant, this.offload);
  }

  /** The value of an expression of scalar or vector type over the steps: its series. */
  async matrix(e: Expr): Promise<Matrix> {
    const v = await this.eval(e);
    if (v.type !== 'matrix') throw execution(`unexpected string in ${e.kind} expression`);
    return v.matrix;
  }

  async eval(e: Expr): Promise<Value> {
    this.q.check();
    await this.q.breathe();
    if (this.invariant.has(e) && this.start !== this.end && e.kind !== 'number' && e.kind !== 'string') {
      return this.stepInvariant(e);
    }
    if (this.offload && e.kind !== 'number' && e.kind !== 'string') {
      const done = await this.offload(e, this);
      if (done) return { type: 'matrix', matrix: sameLabelsMerged(done) };
    }
    switch (e.kind) {
      case 'number':
        return this.rangeEval(null, () => [{ metric: labelsCopy(), t: 0, v: e.value }], []);
      case 'string':
        return { type: 'string', value: e.value };
      case 'selector':
        return { type: 'matrix', matrix: await this.vectorSelector(e) };
      case 'matrix':
        if (this.start !== this.end) throw execution('cannot do range evaluation of matrix selector');
        return { type: 'matrix', matrix: await this.rangeSelector(e) };
      case 'subquery':
        return { type: 'matrix', matrix: await this.subquery(e) };
      case 'unary': {
        const inner = await this.matrix(e.expr);
        if (e.op === '+') return { type: 'matrix', matrix: inner };
        const out = inner.map((s) => ({ metric: dropName(s.metric), ts: s.ts, vs: s.vs.map((v) => -v) }));
        checkUniqueLabels(out);
        return { type: 'matrix', matrix: out };
      }
      case 'binary':
        return this.binary(e);
      case 'aggregate':
        return this.aggregation(e);
      case 'call':
        return this.call(e);
    }
  }

  /** StepInvariantExpr: evaluated at the first step, its values repeated at every step. */
  private async stepInvariant(e: Expr): Promise<Value> {
    const once = await this.child(this.start, this.start, this.interval).eval(e);
    if (once.type !== 'matrix' || e.kind === 'matrix' || e.kind === 'subquery') return once;
    const steps = this.steps();
    this.q.addSamples(once.matrix.length * (steps - 1));
    const out = once.matrix.map((s) => ({
      metric: s.metric,
      ts: Array.from({ length: steps }, (_, k) => this.start + k * this.interval),
      vs: Array.from({ length: steps }, () => s.vs[0]!),
    }));
    return { type: 'matrix', matrix: out };
  }

  steps(): number {
    return Math.floor((this.end - this.start) / this.interval) + 1;
  }

  /**
   * A selector's offset relative to this evaluator's steps: with `@ t`, the offset that puts the
   * first step at t (Prometheus' setOffsetForAtModifier, relative to the evaluation's start).
   */
  private offsetOf(node: Selector | Subquery): number {
    if (node.at === undefined) return node.offsetMs;
    return node.offsetMs + (this.start - (node.at as number));
  }

  /**
   * rangeEval: evaluates `exprs`, then calls `fn` at every step with each one's samples at that
   * step, and gathers what it returns into series. `prep` computes a per-series key once (the
   * grouping key of an aggregation, the matching signature of a binary operation).
   */
  private async rangeEval(
    prep: ((metric: Labels) => string) | null,
    fn: (vectors: Vector[], keys: string[][], ts: number) => Vector,
    exprs: (Expr | undefined)[],
  ): Promise<Value> {
    const matrices = await Promise.all(
      exprs.map((e) => (e && typeOf(e) !== 'string' ? this.matrix(e) : Promise.resolve(undefined))),
    );
    return this.stepEval(prep, fn, matrices);
  }

  /** rangeEval over matrices already evaluated. */
  private async stepEval(
    prep: ((metric: Labels) => string) | null,
    fn: (vectors: Vector[], keys: string[][], ts: number) => Vector,
    matrices: (Matrix | undefined)[],
  ): Promise<Value> {
    const keys = matrices.map((m) => (m && prep ? m.map((s) => prep(s.metric)) : []));
    const cursors = matrices.map((m) => new Int32Array(m?.length ?? 0));
    // One sample object per input series, updated at each step: functions use their input within
    // the step (what they keep, they copy), and millions of steps' samples are not allocated.
    const samples = matrices.map((m) => (m ?? []).map((s) => ({ metric: s.metric, t: 0, v: 0 })));
    const out = new Map<string, Series>();
    // The series of each label object met: steps mostly return the same objects (a selector's,
    // a group's), so the label set's key is looked up once per object, not once per sample.
    const byObject = new Map<Labels, Series>();
    const instant = this.start === this.end;
    for (let ts = this.start; ts <= this.end; ts += this.interval) {
      await this.q.breathe();
      const [vectors, stepKeys] = gather(matrices, cursors, samples, keys, prep !== null, ts);
      const result = fn(vectors, stepKeys, ts);
      if (result.length > 1) checkUniqueLabels(result);
      this.q.addSamples(result.length);
      if (instant) {
        return { type: 'matrix', matrix: result.map((s) => ({ metric: s.metric, ts: [ts], vs: [s.v] })) };
      }
      for (const sample of result) {
        let series = byObject.get(sample.metric);
        if (!series) {
          const key = labelsKey(sample.metric);
          series = out.get(key);
          if (!series) {
            series = { metric: sample.metric, ts: [], vs: [] };
            out.set(key, series);
          }
          byObject.set(sample.metric, series);
        }
        series.ts.push(ts);
        series.vs.push(sample.v);
      }
    }
    return { type: 'matrix', matrix: [...out.values()] };
  }

  /** An instant vector selector at every step: the newest point within the lookback, unless stale. */
  private async vectorSelector(e: Selector): Promise<Matrix> {
    const offset = this.offsetOf(e);
    const raw = await this.q.rawSeries(e.matchers, this.start - offset - LOOKBACK_MS, this.end - offset);
    const out: Matrix = [];
    for (const s of raw) {
      await this.q.breathe();
      const series = lookback(s, this.start, this.end, this.interval, offset, () => this.q.check());
      if (series.ts.length > 0) out.push(series);
      this.q.addSamples(series.ts.length);
    }
    return out;
  }

  /** timestamp() of a selector: the times of the points the selector picks (not the steps). */
  private async timestampOfSelector(e: Selector): Promise<Matrix> {
    // With `@ t`, Prometheus reads at t at every step, whatever the offset.
    const at = e.at as number | undefined;
    const from = at === undefined ? this.start - e.offsetMs - LOOKBACK_MS : at - LOOKBACK_MS;
    const to = at === undefined ? this.end - e.offsetMs : at;
    const raw = await this.q.rawSeries(e.matchers, from, to);
    const out = new Map<string, Series>();
    for (let ts = this.start, n = 0; ts <= this.end; ts += this.interval, n++) {
      if ((n & 0xfff) === 0xfff) await this.q.breathe();
      const ref = at ?? ts - e.offsetMs;
      const atStep = new Set<string>();
      for (const s of raw) {
        const i = lastAtOrBefore(s.ts, ref);
        if (i < 0 || s.ts[i]! < ref - LOOKBACK_MS || s.stale?.[i]) continue;
        const metric = dropName(s.metric);
        const key = labelsKey(metric);
        if (atStep.has(key)) throw execution('vector cannot contain metrics with the same labelset');
        atStep.add(key);
        let series = out.get(key);
        if (!series) {
          series = { metric, ts: [], vs: [] };
          out.set(key, series);
        }
        series.ts.push(ts);
        series.vs.push(s.ts[i]! / 1000);
      }
    }
    const matrix = [...out.values()];
    this.q.addSamples(matrix.reduce((n, s) => n + s.ts.length, 0));
    return matrix;
  }

  /** A range vector at this (single) step: each series' points in [t - offset - range, t - offset]. */
  private async rangeSelector(e: MatrixSelector): Promise<Matrix> {
    const offset = this.offsetOf(e.selector);
    const maxt = this.start - offset;
    const mint = maxt - e.rangeMs;
    const raw = await this.q.rawSeries(e.selector.matchers, mint, maxt);
    const out: Matrix = [];
    for (const s of raw) {
      const f = floatPoints(s);
      const series: Series = { metric: s.metric, ts: [], vs: [] };
      for (let i = 0; i < f.ts.length; i++) {
        if (f.ts[i]! >= mint && f.ts[i]! <= maxt) {
          series.ts.push(f.ts[i]!);
          series.vs.push(f.vs[i]!);
        }
      }
      if (series.ts.length > 0) out.push(series);
    }
    return out;
  }

  /** A subquery: its expression evaluated on its own steps, aligned to multiples of its step. */
  private async subquery(e: Subquery): Promise<Matrix> {
    const offset = this.offsetOf(e);
    const step = e.stepMs || DEFAULT_SUBQUERY_STEP_MS;
    const earliest = this.start - offset - e.rangeMs;
    let start = step * Math.trunc(earliest / step);
    if (start < earliest) start += step;
    return this.child(start, this.end - offset, step).matrix(e.expr);
  }

  private async binary(e: Expr & { kind: 'binary' }): Promise<Value> {
    const lt = typeOf(e.lhs);
    const rt = typeOf(e.rhs);
    if (lt === 'scalar' && rt === 'scalar') {
      return this.rangeEval(null, ([l, r]) => [{ metric: labelsCopy(), t: 0, v: scalarOp(e.op, l![0]!.v, r![0]!.v) }], [
        e.lhs,
        e.rhs,
      ]);
    }
    if (lt === 'vector' && rt === 'vector') {
      const m = e.matching!;
      const sig = signatureFunction(m);
      const cache = new Map<string, Labels>();
      const [lhs, rhs] = await Promise.all([this.matrix(e.lhs), this.matrix(e.rhs)]);
      if (m.card === 'one-to-one' && e.op !== 'and' && e.op !== 'or' && e.op !== 'unless') {
        const done = seriesBinop(e.op, lhs, rhs, m, e.bool, sig, cache);
        if (done) {
          this.q.addSamples(done.reduce((n, s) => n + s.ts.length, 0));
          return { type: 'matrix', matrix: done };
        }
      }
      return this.stepEval(
        sig,
        ([l, r], [ls, rs]) => {
          switch (e.op) {
            case 'and':
              return vectorAnd(l!, r!, ls!, rs!);
            case 'or':
              return vectorOr(l!, r!, ls!, rs!);
            case 'unless':
              return vectorUnless(l!, r!, ls!, rs!);
            default:
              return vectorBinop(e.op, l!, r!, m, e.bool, ls!, rs!, cache);
          }
        },
        [lhs, rhs],
      );
    }
    const scalarLeft = lt === 'scalar';
    return this.rangeEval(
      null,
      ([l, r]) =>
        scalarLeft
          ? vectorScalarOp(e.op, r!, l![0]!.v, true, e.bool)
          : vectorScalarOp(e.op, l!, r![0]!.v, false, e.bool),
      [e.lhs, e.rhs],
    );
  }

  private async aggregation(e: Expr & { kind: 'aggregate' }): Promise<Value> {
    const grouping = [...e.grouping].sort();
    if (COLUMN_AGGREGATIONS.has(e.op)) {
      const input = await this.matrix(e.expr);
      const out = aggregateSeries(e.op, grouping, e.without, input, this.steps(), (t) =>
        Math.round((t - this.start) / this.interval),
      );
      // Steps were gathered as indexes: back to times.
      for (const s of out) for (let j = 0; j < s.ts.length; j++) s.ts[j] = this.start + s.ts[j]! * this.interval;
      this.q.addSamples(out.reduce((n, s) => n + s.ts.length, 0));
      return { type: 'matrix', matrix: out };
    }
    const key = (metric: Labels) => groupingKey(metric, grouping, e.without);
    const labels = new Map<string, Labels>();
    if (e.param?.kind === 'string') {
      const label = e.param.value;
      return this.rangeEval(key, ([vec], [keys]) => aggregate(e.op, grouping, e.without, label, vec!, keys!, labels), [
        e.expr,
      ]);
    }
    return this.rangeEval(
      key,
      ([param, vec], [, keys]) => aggregate(e.op, grouping, e.without, param?.[0]?.v, vec!, keys!, labels),
      [e.param, e.expr],
    );
  }

  private async call(e: Expr & { kind: 'call' }): Promise<Value> {
    if (e.func === 'timestamp' && e.args[0]?.kind === 'selector') {
      return { type: 'matrix', matrix: await this.timestampOfSelector(e.args[0]) };
    }
    const matrixArg = e.args.findIndex((a) => a.kind === 'matrix' || a.kind === 'subquery');
    if (matrixArg < 0) {
      const f = INSTANT_FUNCTIONS.get(e.func);
      if (!f) throw execution(`function ${e.func} is not implemented`);
      const cache = new Map<string, unknown>();
      return this.rangeEval(null, (args, _, ts) => f({ args, exprs: e.args, ts, cache }), e.args);
    }
    return { type: 'matrix', matrix: await this.overTime(e, matrixArg) };
  }

  /** A function of a range vector (a range selector or a subquery), series by series, step by step. */
  private async overTime(e: Expr & { kind: 'call' }, matrixArg: number): Promise<Matrix> {
    const f = OVER_TIME_FUNCTIONS.get(e.func);
    if (!f) throw execution(`function ${e.func} is not implemented`);
    const arg = e.args[matrixArg] as MatrixSelector | Subquery;
    const scalars = await Promise.all(
      e.args.map((a, i) => (i === matrixArg ? Promise.resolve(undefined) : this.matrix(a))),
    );
    let input: { metric: Labels; ts: Float64Array; vs: Float64Array; stale?: Uint8Array | undefined }[];
    let offset: number;
    let rangeMs: number;
    if (arg.kind === 'matrix') {
      offset = this.offsetOf(arg.selector);
      rangeMs = arg.rangeMs;
      input = await this.q.rawSeries(arg.selector.matchers, this.start - offset - rangeMs, this.end - offset);
    } else {
      offset = this.offsetOf(arg);
      rangeMs = arg.rangeMs;
      input = (await this.subquery(arg)).map((s) => ({
        metric: s.metric,
        ts: Float64Array.from(s.ts),
        vs: Float64Array.from(s.vs),
      }));
    }
    const prefix = PREFIX_COUNTS[e.func];
    const steps = this.steps();
    // The scalar arguments at each step (a scalar has a value at every step).
    const others = scalars.filter((_, i) => i !== matrixArg).map((m) => m![0]!.vs);
    const atStep = Array.from({ length: others.length > 0 ? steps : 0 }, (_, k) => others.map((vs) => vs[k]!));
    const out: Matrix = [];
    const grid = { start: this.start, interval: this.interval, steps, offset, rangeMs };
    for (const s of input) {
      await this.q.breathe();
      const metric = e.func === 'last_over_time' ? s.metric : dropName(s.metric);
      // quantile_over_time keeps each series' window sorted as it slides (same values, no sort per step).
      const fn = e.func === 'quantile_over_time' ? slidingQuantile() : f;
      const series = overWindows(floatPoints(s), metric, fn, grid, atStep, prefix, () => this.q.check());
      if (series.ts.length > 0) {
        this.q.addSamples(series.ts.length);
        out.push(series);
      }
    }
    if (e.func === 'absent_over_time') return this.absentOverTime(out, e.args[0]!);
    checkUniqueLabels(out);
    return out;
  }

  /** absent_over_time: 1 at the steps where no series had a point in its range. */
  private absentOverTime(present: Matrix, arg: Expr): Matrix {
    const steps = this.steps();
    if (present.some((s) => s.ts.length === steps)) return [];
    const found = new Set<number>();
    for (const s of present) for (const t of s.ts) found.add(t);
    if (found.size === steps) return [];
    const series: Series = { metric: absentLabelsOf(arg), ts: [], vs: [] };
    for (let ts = this.start; ts <= this.end; ts += this.interval) {
      if (!found.has(ts)) {
        series.ts.push(ts);
        series.vs.push(1);
      }
    }
    return [series];
  }
}

/**
 * rangeEval's inputs at one step: each matrix's samples at `ts` (the series' next point, when it
 * is there), with their per-series keys; cursors move past what is taken.
 */
function gather(
  matrices: (Matrix | undefined)[],
  cursors: Int32Array[],
  samples: Sample[][],
  keys: string[][],
  withKeys: boolean,
  ts: number,
): [Vector[], string[][]] {
  const vectors: Vector[] = [];
  const stepKeys: string[][] = [];
  for (let i = 0; i < matrices.length; i++) {
    const m = matrices[i];
    const vec: Vector = [];
    const ks: string[] = [];
    if (m) {
      const cursor = cursors[i]!;
      for (let si = 0; si < m.length; si++) {
        const s = m[si]!;
        const c = cursor[si]!;
        if (c < s.ts.length && s.ts[c] === ts) {
          const sample = samples[i]![si]!;
          sample.t = ts;
          sample.v = s.vs[c]!;
          vec.push(sample);
          if (withKeys) ks.push(keys[i]![si]!);
          cursor[si] = c + 1;
        }
      }
    }
    vectors.push(vec);
    stepKeys.push(ks);
  }
  return [vectors, stepKeys];
}

/** The labels absent_over_time gives: those of absent() for the range's selector. */
function absentLabelsOf(arg: Expr): Labels {
  return INSTANT_FUNCTIONS.get('absent')!({ args: [[]], exprs: [arg], ts: 0, cache: new Map() })[0]!.metric;
}

/**
 * A result computed elsewhere (pushed down to SQL, a series per stored series) as rangeEval
 * gathers one: series whose labels became equal (the metric name dropped) are one series where
 * their steps do not meet, and Prometheus' same-labelset error where two have a value at one step.
 */
function sameLabelsMerged(matrix: Matrix): Matrix {
  if (matrix.length < 2) return matrix;
  const byKey = new Map<string, Series[]>();
  for (const s of matrix) {
    const key = labelsKey(s.metric);
    const group = byKey.get(key);
    if (group) group.push(s);
    else byKey.set(key, [s]);
  }
  if (byKey.size === matrix.length) return matrix;
  const out: Matrix = [];
  for (const group of byKey.values()) {
    if (group.length === 1) {
      out.push(group[0]!);
      continue;
    }
    const points = group.flatMap((s) => s.ts.map((t, i) => [t, s.vs[i]!] as const)).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < points.length; i++) {
      if (points[i]![0] === points[i - 1]![0]) throw execution('vector cannot contain metrics with the same labelset');
    }
    out.push({ metric: group[0]!.metric, ts: points.map((p) => p[0]), vs: points.map((p) => p[1]) });
  }
  return out;
}

/** Prometheus' ContainsSameLabelset check of a step's vector or a result's series. */
function checkUniqueLabels(items: readonly { metric: Labels }[]): void {
  const seen = new Set<string>();
  for (const s of items) {
    const key = labelsKey(s.metric);
    if (seen.has(key)) throw execution('vector cannot contain metrics with the same labelset');
    seen.add(key);
  }
}
