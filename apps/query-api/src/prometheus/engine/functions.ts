import type { RE2JS } from 're2js';
import { labelsCopy } from '../../metric-series/labels.ts';
import type { Expr } from '../ast.ts';
import { execution } from '../errors.ts';
import { anchoredRegex } from '../regex.ts';
import { expandTemplate } from '../regex-expand.ts';
import { LABEL_NAME } from './aggregate.ts';
import { type Bucket, bucketQuantile, parseLe } from './quantile.ts';
import { dropName, type Labels, labelsKey, type Vector } from './values.ts';

/**
 * What a function sees at one step: its evaluated arguments (instant vectors; a scalar is a
 * vector of one sample; strings are read from the expressions), the argument expressions, the
 * evaluation time and a cache that lives as long as the call's evaluation (Prometheus' enh).
 */
export type StepCall = { args: Vector[]; exprs: Expr[]; ts: number; cache: Map<string, unknown> };

/** A function of instant vectors and scalars (promql/functions.go), one step at a time. */
export type InstantFunction = (call: StepCall) => Vector;

/** simpleFunc: f over each sample, the metric name dropped. */
const simple =
  (f: (v: number) => number): InstantFunction =>
  ({ args: [vec] }) =>
    vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: f(s.v) }));

const scalarOf = (vec: Vector | undefined) => vec![0]!.v;

/** Go's math.Frexp: x = frac * 2^exp with |frac| in [0.5, 1). */
function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let exp = Math.max(-1023, Math.floor(Math.log2(Math.abs(x))) + 1);
  let frac = x * 2 ** -exp;
  while (Math.abs(frac) < 0.5) {
    frac *= 2;
    exp--;
  }
  while (Math.abs(frac) >= 1) {
    frac /= 2;
    exp++;
  }
  return [frac, exp];
}

/** Go's math.Log2: exact for powers of two. */
function goLog2(x: number): number {
  const [frac, exp] = frexp(x);
  if (frac === 0.5) return exp - 1;
  return Math.log(frac) * (1 / Math.LN2) + exp;
}

/** Go's math.Log10: Log(x) * (1/Ln10), the constant 1/Ln10 rounded once (Math.LOG10E, not 1 / Math.LN10). */
const goLog10 = (x: number) => Math.log(x) * Math.LOG10E;

/** A UTC date from Unix seconds (time.Unix(sec, 0).UTC()); undefined beyond JavaScript's dates. */
function utcDate(seconds: number): Date | undefined {
  const sec = Math.trunc(seconds);
  const d = new Date(sec * 1000);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** dateWrapper: of the evaluation time without arguments, else of each sample's value as Unix seconds. */
const dateFunction =
  (f: (d: Date) => number): InstantFunction =>
  ({ args, ts }) => {
    if (args.length === 0) return [{ metric: labelsCopy(), t: ts, v: f(utcDate(Math.trunc(ts / 1000))!) }];
    return args[0]!.map((s) => {
      const d = utcDate(s.v);
      return { metric: dropName(s.metric), t: s.t, v: d ? f(d) : Number.NaN };
    });
  };

/** The labels absent() gives its one sample: the selector's equality matchers, each label once. */
export function absentLabels(e: Expr | undefined): Labels {
  const matchers = e?.kind === 'selector' ? e.matchers : e?.kind === 'matrix' ? e.selector.matchers : [];
  const out = labelsCopy();
  const seen = new Set<string>();
  for (const m of matchers) {
    if (m.name === '__name__') continue;
    if (m.op === '=' && !seen.has(m.name)) {
      if (m.value === '') delete out[m.name];
      else out[m.name] = m.value;
      seen.add(m.name);
    } else delete out[m.name];
  }
  return out;
}

const stringArg = (e: Expr | undefined) => (e?.kind === 'string' ? e.value : '');

/** label_replace: the regex (RE2, anchored) matched against `src`'s value; on a match, `dst` set to the expanded replacement. */
function labelReplace({ args: [vec], exprs, cache }: StepCall): Vector {
  const dst = stringArg(exprs[1]);
  const repl = stringArg(exprs[2]);
  const src = stringArg(exprs[3]);
  const regexText = stringArg(exprs[4]);
  let re = cache.get('regex') as RE2JS | undefined;
  if (!re) {
    re = anchoredRegex(regexText);
    if (!re) throw execution(`invalid regular expression in label_replace(): ${regexText}`);
    if (!LABEL_NAME.test(dst)) throw execution(`invalid destination label name in label_replace(): ${dst}`);
    cache.set('regex', re);
  }
  return vec!.map((s) => {
    const key = `replace\x00${labelsKey(s.metric)}`;
    let metric = cache.get(key) as Labels | undefined;
    if (!metric) {
      const m = re.matcher(s.metric[src] ?? '');
      if (!m.matches()) metric = s.metric;
      else {
        const count = m.groupCount();
        const value = expandTemplate(repl, (i) => (i <= count ? m.group(i) : null), re.namedGroups());
        metric = labelsCopy(s.metric);
        delete metric[dst];
        if (value !== '') metric[dst] = value;
      }
      cache.set(key, metric);
    }
    return { metric, t: s.t, v: s.v };
  });
}

function labelJoin({ args: [vec], exprs, cache }: StepCall): Vector {
  const dst = stringArg(exprs[1]);
  const sep = stringArg(exprs[2]);
  const srcs = exprs.slice(3).map(stringArg);
  for (const src of srcs)
    if (!LABEL_NAME.test(src)) throw execution(`invalid source label name in label_join(): ${src}`);
  if (!LABEL_NAME.test(dst)) throw execution(`invalid destination label name in label_join(): ${dst}`);
  return vec!.map((s) => {
    const key = `join\x00${labelsKey(s.metric)}`;
    let metric = cache.get(key) as Labels | undefined;
    if (!metric) {
      const value = srcs.map((l) => s.metric[l] ?? '').join(sep);
      metric = labelsCopy(s.metric);
      delete metric[dst];
      if (value !== '') metric[dst] = value;
      cache.set(key, metric);
    }
    return { metric, t: s.t, v: s.v };
  });
}

/** A bucket series' histogram (its labels but `le`), result labels and bound; worked out once per series. */
const BUCKETS = new WeakMap<Labels, { key: string; metric: Labels; upperBound: number } | null>();

function bucketOf(metric: Labels) {
  let b = BUCKETS.get(metric);
  if (b === undefined) {
    const upperBound = parseLe(metric.le);
    if (upperBound === undefined) b = null;
    else {
      const { le: _, ...withoutLe } = metric;
      b = { key: labelsKey(withoutLe), metric: dropName(withoutLe), upperBound };
    }
    BUCKETS.set(metric, b);
  }
  return b;
}

function histogramQuantile({ args: [qv, vec] }: StepCall): Vector {
  const q = scalarOf(qv);
  const groups = new Map<string, { metric: Labels; buckets: Bucket[] }>();
  for (const s of vec!) {
    const b = bucketOf(s.metric);
    if (!b) continue;
    let g = groups.get(b.key);
    if (!g) {
      g = { metric: b.metric, buckets: [] };
      groups.set(b.key, g);
    }
    g.buckets.push({ upperBound: b.upperBound, count: s.v });
  }
  return [...groups.values()].map((g) => ({ metric: g.metric, t: 0, v: bucketQuantile(q, g.buckets) }));
}

/** NaN last in both directions: sort ascending / descending by value (funcSort, funcSortDesc). */
const byValue = (desc: boolean) => (a: { v: number }, b: { v: number }) =>
  Number.isNaN(a.v) ? (Number.isNaN(b.v) ? 0 : 1) : Number.isNaN(b.v) ? -1 : desc ? b.v - a.v : a.v - b.v;

export const INSTANT_FUNCTIONS: ReadonlyMap<string, InstantFunction> = new Map<string, InstantFunction>([
  ['abs', simple(Math.abs)],
  ['ceil', simple(Math.ceil)],
  ['floor', simple(Math.floor)],
  ['exp', simple(Math.exp)],
  ['sqrt', simple(Math.sqrt)],
  ['ln', simple(Math.log)],
  ['log2', simple(goLog2)],
  ['log10', simple(goLog10)],
  ['sin', simple(Math.sin)],
  ['cos', simple(Math.cos)],
  ['tan', simple(Math.tan)],
  ['asin', simple(Math.asin)],
  ['acos', simple(Math.acos)],
  ['atan', simple(Math.atan)],
  ['sinh', simple(Math.sinh)],
  ['cosh', simple(Math.cosh)],
  ['tanh', simple(Math.tanh)],
  ['asinh', simple(Math.asinh)],
  ['acosh', simple(Math.acosh)],
  ['atanh', simple(Math.atanh)],
  ['rad', simple((v) => (v * Math.PI) / 180)],
  ['deg', simple((v) => (v * 180) / Math.PI)],
  ['sgn', simple((v) => (v < 0 ? -1 : v > 0 ? 1 : v))],
  ['pi', () => [{ metric: labelsCopy(), t: 0, v: Math.PI }]],
  ['time', ({ ts }) => [{ metric: labelsCopy(), t: 0, v: ts / 1000 }]],
  ['vector', ({ args: [s] }) => [{ metric: labelsCopy(), t: 0, v: scalarOf(s) }]],
  ['scalar', ({ args: [vec] }) => [{ metric: labelsCopy(), t: 0, v: vec!.length === 1 ? vec![0]!.v : Number.NaN }]],
  ['timestamp', ({ args: [vec] }) => vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: s.t / 1000 }))],
  ['absent', ({ args: [vec], exprs }) => (vec!.length > 0 ? [] : [{ metric: absentLabels(exprs[0]), t: 0, v: 1 }])],
  [
    'round',
    ({ args: [vec, to] }) => {
      const inverse = 1 / (to ? scalarOf(to) : 1);
      return vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: Math.floor(s.v * inverse + 0.5) / inverse }));
    },
  ],
  [
    'clamp',
    ({ args: [vec, lo, hi] }) => {
      const min = scalarOf(lo);
      const max = scalarOf(hi);
      if (max < min) return [];
      return vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: Math.max(min, Math.min(max, s.v)) }));
    },
  ],
  [
    'clamp_max',
    ({ args: [vec, hi] }) => vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: Math.min(scalarOf(hi), s.v) })),
  ],
  [
    'clamp_min',
    ({ args: [vec, lo] }) => vec!.map((s) => ({ metric: dropName(s.metric), t: s.t, v: Math.max(scalarOf(lo), s.v) })),
  ],
  ['sort', ({ args: [vec] }) => [...vec!].sort(byValue(false))],
  ['sort_desc', ({ args: [vec] }) => [...vec!].sort(byValue(true))],
  ['label_replace', labelReplace],
  ['label_join', labelJoin],
  ['histogram_quantile', histogramQuantile],
  // Native histograms are not stored: these see float samples only, which they skip.
  ['histogram_count', () => []],
  ['histogram_sum', () => []],
  ['histogram_fraction', () => []],
  ['day_of_month', dateFunction((d) => d.getUTCDate())],
  ['day_of_week', dateFunction((d) => d.getUTCDay())],
  ['day_of_year', dateFunction((d) => Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1)],
  ['days_in_month', dateFunction((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate())],
  ['hour', dateFunction((d) => d.getUTCHours())],
  ['minute', dateFunction((d) => d.getUTCMinutes())],
  ['month', dateFunction((d) => d.getUTCMonth() + 1)],
  ['year', dateFunction((d) => d.getUTCFullYear())],
]);
