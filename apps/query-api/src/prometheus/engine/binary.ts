import { labelsCopy } from '../../metric-series/labels.ts';
import type { BinaryOp, VectorMatching } from '../ast.ts';
import { execution } from '../errors.ts';
import { dropName, type Labels, labelsKey, type Matrix, type Sample, type Series, type Vector } from './values.ts';

/**
 * Binary operators as Prometheus 2.42 evaluates them at one step (promql/engine.go): between
 * scalars, a vector and a scalar, and two vectors with vector matching (one-to-one,
 * group_left/group_right, and the set operators and/or/unless).
 */

/** The value of `lhs op rhs` and whether a comparison keeps the sample (vectorElemBinop). */
export function elementOp(op: BinaryOp, lhs: number, rhs: number): [number, boolean] {
  switch (op) {
    case '+':
      return [lhs + rhs, true];
    case '-':
      return [lhs - rhs, true];
    case '*':
      return [lhs * rhs, true];
    case '/':
      return [lhs / rhs, true];
    case '^':
      return [goPow(lhs, rhs), true];
    case '%':
      return [lhs % rhs, true];
    case 'atan2':
      return [Math.atan2(lhs, rhs), true];
    case '==':
      return [lhs, lhs === rhs];
    case '!=':
      return [lhs, lhs !== rhs];
    case '>':
      return [lhs, lhs > rhs];
    case '<':
      return [lhs, lhs < rhs];
    case '>=':
      return [lhs, lhs >= rhs];
    case '<=':
      return [lhs, lhs <= rhs];
    default:
      throw execution(`operator "${op}" not allowed for operations between vectors`);
  }
}

/** scalarBinop: comparisons give 1 or 0. */
export function scalarOp(op: BinaryOp, lhs: number, rhs: number): number {
  const [value, keep] = elementOp(op, lhs, rhs);
  return isComparison(op) ? (keep ? 1 : 0) : value;
}

/**
 * Go's math.Pow where it differs from JavaScript's `**`: Pow(1, y) and Pow(x, 0) are 1 for every
 * y and x (NaN included), Pow(-1, ±Inf) is 1.
 */
export function goPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (x === -1 && (y === Number.POSITIVE_INFINITY || y === Number.NEGATIVE_INFINITY)) return 1;
  return x ** y;
}

export const isComparison = (op: BinaryOp) =>
  op === '==' || op === '!=' || op === '>' || op === '<' || op === '>=' || op === '<=';

/** Arithmetic drops the metric name; comparisons and atan2 keep it (shouldDropMetricName). */
const dropsName = (op: BinaryOp) => op === '+' || op === '-' || op === '*' || op === '/' || op === '%' || op === '^';

/** A vector and a scalar (`swap`: the scalar was on the left). */
export function vectorScalarOp(op: BinaryOp, vec: Vector, scalar: number, swap: boolean, returnBool: boolean): Vector {
  const out: Vector = [];
  for (const s of vec) {
    const [l, r] = swap ? [scalar, s.v] : [s.v, scalar];
    let [value, keep] = elementOp(op, l, r);
    // A comparison keeps the vector's value, whichever side it was on.
    if (isComparison(op) && swap) value = r;
    if (returnBool) {
      value = keep ? 1 : 0;
      keep = true;
    }
    if (keep) out.push({ metric: dropsName(op) || returnBool ? dropName(s.metric) : s.metric, t: s.t, v: value });
  }
  return out;
}

/** The matching signature of a label set: the `on` labels, or all but the `ignoring` ones and the name. */
export function signatureFunction(m: VectorMatching): (l: Labels) => string {
  if (m.on) {
    const names = [...m.labels].sort();
    return (l) =>
      names
        .filter((n) => l[n] !== undefined)
        .map((n) => `${n}\xff${l[n]}`)
        .join('\xfe');
  }
  const ignored = new Set(['__name__', ...m.labels]);
  return (l) =>
    Object.keys(l)
      .filter((n) => !ignored.has(n))
      .sort()
      .map((n) => `${n}\xff${l[n]}`)
      .join('\xfe');
}

export function vectorAnd(lhs: Vector, rhs: Vector, lsig: string[], rsig: string[]): Vector {
  if (lhs.length === 0 || rhs.length === 0) return [];
  const right = new Set(rsig);
  return lhs.filter((_, i) => right.has(lsig[i]!));
}

export function vectorOr(lhs: Vector, rhs: Vector, lsig: string[], rsig: string[]): Vector {
  if (lhs.length === 0) return [...rhs];
  if (rhs.length === 0) return [...lhs];
  const left = new Set(lsig);
  return [...lhs, ...rhs.filter((_, j) => !left.has(rsig[j]!))];
}

export function vectorUnless(lhs: Vector, rhs: Vector, lsig: string[], rsig: string[]): Vector {
  if (lhs.length === 0 || rhs.length === 0) return [...lhs];
  const right = new Set(rsig);
  return lhs.filter((_, i) => !right.has(lsig[i]!));
}

/** Two vectors with one-to-one or many-to-one/one-to-many matching (VectorBinop). */
export function vectorBinop(
  op: BinaryOp,
  lhsIn: Vector,
  rhsIn: Vector,
  m: VectorMatching,
  returnBool: boolean,
  lsigIn: string[],
  rsigIn: string[],
  resultCache: Map<string, Labels>,
): Vector {
  if (lhsIn.length === 0 || rhsIn.length === 0) return [];
  const swapped = m.card === 'one-to-many';
  const [lhs, rhs, lsig, rsig] = swapped ? [rhsIn, lhsIn, rsigIn, lsigIn] : [lhsIn, rhsIn, lsigIn, rsigIn];
  const rightSigs = new Map<string, Sample>();
  for (const [i, rs] of rhs.entries()) {
    const sig = rsig[i]!;
    const dupl = rightSigs.get(sig);
    if (dupl) {
      const oneSide = swapped ? 'left' : 'right';
      const matched = labelsString(matchLabels(rs.metric, m));
      throw execution(
        `found duplicate series for the match group ${matched} on the ${oneSide} hand-side of the operation: ` +
          `[${labelsString(rs.metric)}, ${labelsString(dupl.metric)}];many-to-many matching not allowed: matching labels must be unique on one side`,
      );
    }
    rightSigs.set(sig, rs);
  }
  const matchedSigs = new Map<string, Set<string> | null>();
  const out: Vector = [];
  for (const [i, ls] of lhs.entries()) {
    const sig = lsig[i]!;
    const rs = rightSigs.get(sig);
    if (!rs) continue;
    const [vl, vr] = swapped ? [rs.v, ls.v] : [ls.v, rs.v];
    let [value, keep] = elementOp(op, vl, vr);
    if (returnBool) value = keep ? 1 : 0;
    else if (!keep) continue;
    let metric = resultMetric(ls.metric, rs.metric, op, m, resultCache);
    if (returnBool) metric = dropName(metric);
    const inserted = matchedSigs.get(sig);
    if (m.card === 'one-to-one') {
      if (inserted !== undefined) {
        throw execution('multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)');
      }
      matchedSigs.set(sig, null);
    } else {
      const key = labelsKey(metric);
      if (inserted === undefined) matchedSigs.set(sig, new Set([key]));
      else if (inserted!.has(key))
        throw execution('multiple matches for labels: grouping labels must ensure unique matches');
      else inserted!.add(key);
    }
    out.push({ metric, t: 0, v: value });
  }
  return out;
}

/**
 * A one-to-one arithmetic or comparison between two vectors over every step at once, pair of
 * series by pair of series, with the answer of the step-by-step evaluation (vectorBinop at each
 * step): each pair's labels are worked out once and its points merged by time. Undefined where a
 * step could fail (a signature held by more than one series on a side, or two pairs giving the
 * same labels): the caller then evaluates step by step, which raises Prometheus' error at the
 * step it occurs, or not at all when those series never meet at one step. The series come in the
 * order the step-by-step evaluation first gives them: by first step, then in the left side's order.
 */
export function seriesBinop(
  op: BinaryOp,
  lhs: Matrix,
  rhs: Matrix,
  m: VectorMatching,
  returnBool: boolean,
  sig: (l: Labels) => string,
  resultCache: Map<string, Labels>,
): Matrix | undefined {
  const right = new Map<string, Series>();
  for (const s of rhs) {
    const k = sig(s.metric);
    if (right.has(k)) return undefined;
    right.set(k, s);
  }
  const leftSigs = new Set<string>();
  const resultKeys = new Set<string>();
  const out: { series: Series; first: number; left: number }[] = [];
  for (const [i, l] of lhs.entries()) {
    const k = sig(l.metric);
    if (leftSigs.has(k)) return undefined;
    leftSigs.add(k);
    const r = right.get(k);
    if (!r) continue;
    let metric = resultMetric(l.metric, r.metric, op, m, resultCache);
    if (returnBool) metric = dropName(metric);
    const key = labelsKey(metric);
    if (resultKeys.has(key)) return undefined;
    resultKeys.add(key);
    const series: Series = { metric, ts: [], vs: [] };
    for (let a = 0, b = 0; a < l.ts.length && b < r.ts.length; ) {
      const ta = l.ts[a]!;
      const tb = r.ts[b]!;
      if (ta < tb) a++;
      else if (tb < ta) b++;
      else {
        let [value, keep] = elementOp(op, l.vs[a]!, r.vs[b]!);
        if (returnBool) {
          value = keep ? 1 : 0;
          keep = true;
        }
        if (keep) {
          series.ts.push(ta);
          series.vs.push(value);
        }
        a++;
        b++;
      }
    }
    if (series.ts.length > 0) out.push({ series, first: series.ts[0]!, left: i });
  }
  return out.sort((x, y) => x.first - y.first || x.left - y.left).map((x) => x.series);
}

/** The result's labels: the "many" side's, without the name for arithmetic, matched and group_x labels applied. */
function resultMetric(lhs: Labels, rhs: Labels, op: BinaryOp, m: VectorMatching, cache: Map<string, Labels>): Labels {
  const cacheKey = `${labelsKey(lhs)}\x00${labelsKey(rhs)}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const out = labelsCopy(lhs);
  if (dropsName(op)) delete out.__name__;
  if (m.card === 'one-to-one') {
    if (m.on) {
      for (const k of Object.keys(out)) if (!m.labels.includes(k)) delete out[k];
    } else {
      for (const k of m.labels) delete out[k];
    }
  }
  for (const name of m.include) {
    const v = rhs[name];
    if (v !== undefined && v !== '') out[name] = v;
    else delete out[name];
  }
  cache.set(cacheKey, out);
  return out;
}

/** The labels a matching compares (labels.MatchLabels). */
function matchLabels(l: Labels, m: VectorMatching): Labels {
  const out = labelsCopy();
  for (const [k, v] of Object.entries(l)) {
    const listed = m.labels.includes(k);
    if (m.on ? listed : !listed && k !== '__name__') out[k] = v;
  }
  return out;
}

/** labels.Labels.String(): `{a="b", c="d"}` in name order. */
export function labelsString(l: Labels): string {
  return `{${Object.keys(l)
    .sort()
    .map((k) => `${k}=${JSON.stringify(l[k])}`)
    .join(', ')}}`;
}
