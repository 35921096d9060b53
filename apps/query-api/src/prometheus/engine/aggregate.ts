import { formatPromFloat } from '@spanhouse/schema';
import { labelsCopy } from '../../metric-series/labels.ts';
import { execution } from '../errors.ts';
import { quantile } from './quantile.ts';
import type { Labels, Matrix, Sample, Series, Vector } from './values.ts';

/** A label name as model.LabelName.IsValid accepts it. */
export const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * An aggregation's grouping key of a label set: the listed labels (`by`), or all but the listed
 * ones and the metric name (`without`). One key for every series under `by ()`.
 */
export function groupingKey(metric: Labels, grouping: readonly string[], without: boolean): string {
  if (without) {
    return Object.keys(metric)
      .filter((k) => k !== '__name__' && !grouping.includes(k))
      .sort()
      .map((k) => `${k}\xff${metric[k]}`)
      .join('\xfe');
  }
  return grouping
    .filter((k) => metric[k] !== undefined)
    .map((k) => `${k}\xff${metric[k]}`)
    .join('\xfe');
}

/** The labels of a group's result: as groupingKey chooses them. */
export function groupLabels(metric: Labels, grouping: readonly string[], without: boolean): Labels {
  const out = labelsCopy();
  if (without) {
    for (const [k, v] of Object.entries(metric)) if (k !== '__name__' && !grouping.includes(k)) out[k] = v;
  } else {
    for (const k of grouping) if (metric[k] !== undefined) out[k] = metric[k]!;
  }
  return out;
}

type Group = {
  labels: Labels;
  value: number;
  mean: number;
  count: number;
  heap: Sample[];
};

/**
 * One step of an aggregation over `vec` (promql/engine.go's aggregation): groups in order of
 * first appearance, each folded over its samples in input order, as Prometheus folds them.
 * `keys[i]` is the grouping key of `vec[i]` (worked out once per series by the caller); `labels`
 * keeps each group's labels across the steps of one evaluation, so a group has one label object.
 */
export function aggregate(
  op: string,
  grouping: readonly string[],
  without: boolean,
  param: number | string | undefined,
  vec: Vector,
  keys: readonly string[],
  labels: Map<string, Labels>,
): Vector {
  const out: Vector = [];
  let k = 0;
  if (op === 'topk' || op === 'bottomk') {
    const f = param as number;
    // convertibleToInt64: within ±2^63 (NaN is not).
    if (!(f <= 2 ** 63 && f >= -(2 ** 63))) {
      throw execution(`Scalar value ${goG(f)} overflows int64`);
    }
    k = Math.trunc(f);
    if (k < 1) return out;
  }
  let valueLabel = '';
  let groupingNow = grouping;
  if (op === 'count_values') {
    valueLabel = param as string;
    if (!LABEL_NAME.test(valueLabel)) throw execution(`invalid label name ${goQuote(valueLabel)}`);
    if (!without) groupingNow = [...grouping, valueLabel].sort();
  }
  const groups = new Map<string, Group>();
  const ordered: Group[] = [];
  for (const [si, s] of vec.entries()) {
    let metric = s.metric;
    let key = keys[si]!;
    if (op === 'count_values') {
      metric = labelsCopy(metric);
      metric[valueLabel] = formatPromFloat(s.v);
      key = groupingKey(metric, groupingNow, without);
    }
    const group = groups.get(key);
    if (!group) {
      let l = labels.get(key);
      if (!l) {
        l = groupLabels(metric, groupingNow, without);
        labels.set(key, l);
      }
      const g: Group = { labels: l, value: s.v, mean: s.v, count: 1, heap: [] };
      if (op === 'stddev' || op === 'stdvar') g.value = 0;
      else if (op === 'topk' || op === 'bottomk' || op === 'quantile') g.heap = [{ metric: s.metric, t: 0, v: s.v }];
      else if (op === 'group') g.value = 1;
      groups.set(key, g);
      ordered.push(g);
      continue;
    }
    switch (op) {
      case 'sum':
        group.value += s.v;
        break;
      case 'avg': {
        group.count++;
        const m = group.mean;
        if (m === Infinity || m === -Infinity) {
          if ((s.v === Infinity || s.v === -Infinity) && m > 0 === s.v > 0) break;
          if (Number.isFinite(s.v)) break;
        }
        group.mean += s.v / group.count - group.mean / group.count;
        break;
      }
      case 'group':
        break;
      case 'max':
        if (group.value < s.v || Number.isNaN(group.value)) group.value = s.v;
        break;
      case 'min':
        if (group.value > s.v || Number.isNaN(group.value)) group.value = s.v;
        break;
      case 'count':
      case 'count_values':
        group.count++;
        break;
      case 'stddev':
      case 'stdvar': {
        group.count++;
        const delta = s.v - group.mean;
        group.mean += delta / group.count;
        group.value += delta * (s.v - group.mean);
        break;
      }
      case 'topk':
      case 'bottomk': {
        const less = op === 'topk' ? lessByValue : lessByReverseValue;
        const h = group.heap;
        const top = h[0]!.v;
        const better = op === 'topk' ? top < s.v : top > s.v;
        if (h.length < k || better || Number.isNaN(top)) {
          const sample = { metric: s.metric, t: 0, v: s.v };
          if (h.length === k) {
            if (k === 1) {
              h[0] = sample;
              break;
            }
            heapPop(h, less);
          }
          heapPush(h, sample, less);
        }
        break;
      }
      case 'quantile':
        group.heap.push(s);
        break;
      default:
        throw execution(`expected aggregation operator but got "${op}"`);
    }
  }
  for (const g of ordered) {
    switch (op) {
      case 'avg':
        g.value = g.mean;
        break;
      case 'count':
      case 'count_values':
        g.value = g.count;
        break;
      case 'stdvar':
        g.value = g.value / g.count;
        break;
      case 'stddev':
        g.value = Math.sqrt(g.value / g.count);
        break;
      case 'topk':
      case 'bottomk': {
        // Largest (smallest) first: the heap sorted in reverse of its order.
        const less = op === 'topk' ? lessByValue : lessByReverseValue;
        const sorted = [...g.heap].sort((a, b) => (less(b, a) ? -1 : less(a, b) ? 1 : 0));
        for (const s of sorted) out.push({ metric: s.metric, t: 0, v: s.v });
        continue;
      }
      case 'quantile':
        g.value = quantile(
          param as number,
          g.heap.map((s) => s.v),
        );
        break;
    }
    out.push({ metric: g.labels, t: 0, v: g.value });
  }
  return out;
}

/** vectorByValueHeap's order: NaN lowest, then ascending. */
const lessByValue = (a: Sample, b: Sample) => Number.isNaN(a.v) || a.v < b.v;
/** vectorByReverseValueHeap's order: NaN lowest, then descending. */
const lessByReverseValue = (a: Sample, b: Sample) => Number.isNaN(a.v) || a.v > b.v;

/** container/heap Push: append, then sift up. */
function heapPush(h: Sample[], x: Sample, less: (a: Sample, b: Sample) => boolean): void {
  h.push(x);
  let j = h.length - 1;
  for (;;) {
    const i = Math.trunc((j - 1) / 2);
    if (i === j || !less(h[j]!, h[i]!)) break;
    [h[i], h[j]] = [h[j]!, h[i]!];
    j = i;
  }
}

/** container/heap Pop: the root swapped to the end and removed, the rest sifted down. */
function heapPop(h: Sample[], less: (a: Sample, b: Sample) => boolean): void {
  const n = h.length - 1;
  [h[0], h[n]] = [h[n]!, h[0]!];
  let i = 0;
  for (;;) {
    const j1 = 2 * i + 1;
    if (j1 >= n) break;
    let j = j1;
    const j2 = j1 + 1;
    if (j2 < n && less(h[j2]!, h[j1]!)) j = j2;
    if (!less(h[j]!, h[i]!)) break;
    [h[i], h[j]] = [h[j]!, h[i]!];
    i = j;
  }
  h.pop();
}

/**
 * Go's %v of a float64 (strconv 'g', shortest): the exponent form from an exponent of 6, as fmt
 * decides for the shortest digits (`1e+20`, `1.234567e+06`, `123456`).
 */
function goG(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  const exp = v === 0 ? 0 : Number(v.toExponential().split('e')[1]);
  if (exp < -4 || exp >= 6) return v.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(v);
}

/** Go's %q of a string. */
export const goQuote = (s: string) => JSON.stringify(s);

/** The aggregations without a parameter, computable series by series (see aggregateSeries). */
export const COLUMN_AGGREGATIONS: ReadonlySet<string> = new Set([
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'group',
  'stddev',
  'stdvar',
]);

type Column = { labels: Labels; value: Float64Array; mean: Float64Array; count: Int32Array };

/**
 * A COLUMN_AGGREGATIONS aggregation over every step at once, series by series instead of step by
 * step: each step's fold sees the samples in the same order as the step-by-step evaluation (the
 * input's series order), so the values are the same, without building a vector per step.
 * `stepOf(t)` is a point's step index.
 */
export function aggregateSeries(
  op: string,
  grouping: readonly string[],
  without: boolean,
  input: Matrix,
  steps: number,
  stepOf: (t: number) => number,
): Matrix {
  const groups = new Map<string, Column>();
  for (const s of input) {
    const key = groupingKey(s.metric, grouping, without);
    let g = groups.get(key);
    if (!g) {
      g = {
        labels: groupLabels(s.metric, grouping, without),
        value: new Float64Array(steps),
        mean: new Float64Array(steps),
        count: new Int32Array(steps),
      };
      groups.set(key, g);
    }
    if (op === 'sum') {
      sumInto(g, s, stepOf);
      continue;
    }
    for (let j = 0; j < s.ts.length; j++) {
      const k = stepOf(s.ts[j]!);
      const v = s.vs[j]!;
      const n = g.count[k]!;
      if (n === 0) {
        g.value[k] = op === 'stddev' || op === 'stdvar' ? 0 : op === 'group' ? 1 : v;
        g.mean[k] = v;
        g.count[k] = 1;
        continue;
      }
      g.count[k] = n + 1;
      switch (op) {
        case 'sum':
          g.value[k] = g.value[k]! + v;
          break;
        case 'avg': {
          const m = g.mean[k]!;
          if (m === Infinity || m === -Infinity) {
            if ((v === Infinity || v === -Infinity) && m > 0 === v > 0) break;
            if (Number.isFinite(v)) break;
          }
          g.mean[k] = m + (v / (n + 1) - m / (n + 1));
          break;
        }
        case 'max':
          if (g.value[k]! < v || Number.isNaN(g.value[k]!)) g.value[k] = v;
          break;
        case 'min':
          if (g.value[k]! > v || Number.isNaN(g.value[k]!)) g.value[k] = v;
          break;
        case 'stddev':
        case 'stdvar': {
          const delta = v - g.mean[k]!;
          g.mean[k] = g.mean[k]! + delta / (n + 1);
          g.value[k] = g.value[k]! + delta * (v - g.mean[k]!);
          break;
        }
      }
    }
  }
  const out: Matrix = [];
  for (const g of groups.values()) {
    const series: Series = { metric: g.labels, ts: [], vs: [] };
    for (let k = 0; k < steps; k++) {
      const n = g.count[k]!;
      if (n === 0) continue;
      series.ts.push(k);
      series.vs.push(
        op === 'avg'
          ? g.mean[k]!
          : op === 'count'
            ? n
            : op === 'stdvar'
              ? g.value[k]! / n
              : op === 'stddev'
                ? Math.sqrt(g.value[k]! / n)
                : g.value[k]!,
      );
    }
    if (series.ts.length > 0) out.push(series);
  }
  return out;
}

/** `sum`'s fold of one series into its group (the common case, in a loop of its own). */
function sumInto(g: Column, s: Series, stepOf: (t: number) => number): void {
  const { value, count } = g;
  const { ts, vs } = s;
  for (let j = 0; j < ts.length; j++) {
    const k = stepOf(ts[j]!);
    if (count[k] === 0) value[k] = vs[j]!;
    else value[k] = value[k]! + vs[j]!;
    count[k] = count[k]! + 1;
  }
}
