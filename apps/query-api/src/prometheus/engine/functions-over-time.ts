import { execution } from '../errors.ts';
import { quantile } from './quantile.ts';

/**
 * The points of one range at one step: `ts[lo..hi]`, `vs[lo..hi]` (inclusive, time order,
 * staleness markers left out), the range's bounds `[start, end]` in ms, its length, and the
 * evaluation time.
 */
export type Window = {
  ts: Float64Array;
  vs: Float64Array;
  lo: number;
  hi: number;
  start: number;
  end: number;
  rangeMs: number;
  evalMs: number;
  /** Counts of counter resets (a value below the one before) up to each index; see prefixCounts. */
  resets: Int32Array | undefined;
  /** Counts of changes (a value other than the one before, NaN equal to NaN) up to each index. */
  changes: Int32Array | undefined;
};

/**
 * The prefix counts a function needs over a series' points (resets: rate, increase, resets;
 * changes: changes): with them, a window's count is one subtraction, and rate adds its reset
 * corrections only in windows that have any, in Prometheus' order.
 */
export const PREFIX_COUNTS: Record<string, 'resets' | 'changes'> = {
  rate: 'resets',
  increase: 'resets',
  resets: 'resets',
  changes: 'changes',
};

export function prefixCounts(vs: Float64Array, what: 'resets' | 'changes'): Int32Array {
  const out = new Int32Array(vs.length);
  for (let i = 1; i < vs.length; i++) {
    const cur = vs[i]!;
    const prev = vs[i - 1]!;
    const counted = what === 'resets' ? cur < prev : cur !== prev && !(Number.isNaN(cur) && Number.isNaN(prev));
    out[i] = out[i - 1]! + (counted ? 1 : 0);
  }
  return out;
}

/**
 * A function of a range vector (Prometheus 2.42's promql/functions.go, operation by operation so
 * that results are bit-identical): the value at one step from the window's points, or undefined
 * where Prometheus gives no sample. `scalars` are the scalar arguments at this step. Windows are
 * never empty (the caller skips those).
 */
export type OverTimeFunction = (w: Window, scalars: number[]) => number | undefined;

/**
 * kahanSumInc, the Neumaier-compensated step of Prometheus' sums: adds `inc` to the pair at
 * `acc[at]` (sum), `acc[at + 1]` (compensation), in place (no allocation per point).
 */
function kahanAdd(acc: Float64Array, at: number, inc: number): void {
  const sum = acc[at]!;
  const t = sum + inc;
  if (Math.abs(sum) >= Math.abs(inc)) acc[at + 1] = acc[at + 1]! + (sum - t + inc);
  else acc[at + 1] = acc[at + 1]! + (inc - t + sum);
  acc[at] = t;
}

/** Scratch accumulators of the Kahan sums (one evaluation runs at a time). */
const ACC = new Float64Array(8);

/** Go's Duration.Seconds() of a millisecond duration. */
function durationSeconds(ms: number): number {
  const sec = Math.trunc(ms / 1000);
  const nsec = (ms - sec * 1000) * 1e6;
  return sec + nsec / 1e9;
}

/** extrapolatedRate: rate, increase and delta. */
function extrapolatedRate(w: Window, isCounter: boolean, isRate: boolean): number | undefined {
  const { ts, vs, lo, hi } = w;
  if (hi - lo + 1 < 2) return undefined;
  let result = vs[hi]! - vs[lo]!;
  if (isCounter && (w.resets === undefined || w.resets[hi]! !== w.resets[lo]!)) {
    let prev = vs[lo]!;
    for (let i = lo + 1; i <= hi; i++) {
      const cur = vs[i]!;
      if (cur < prev) result += prev;
      prev = cur;
    }
  }
  let durationToStart = (ts[lo]! - w.start) / 1000;
  const durationToEnd = (w.end - ts[hi]!) / 1000;
  const sampledInterval = (ts[hi]! - ts[lo]!) / 1000;
  const averageDurationBetweenSamples = sampledInterval / (hi - lo);
  if (isCounter && result > 0 && vs[lo]! >= 0) {
    const durationToZero = sampledInterval * (vs[lo]! / result);
    if (durationToZero < durationToStart) durationToStart = durationToZero;
  }
  const extrapolationThreshold = averageDurationBetweenSamples * 1.1;
  let extrapolateToInterval = sampledInterval;
  extrapolateToInterval +=
    durationToStart < extrapolationThreshold ? durationToStart : averageDurationBetweenSamples / 2;
  extrapolateToInterval += durationToEnd < extrapolationThreshold ? durationToEnd : averageDurationBetweenSamples / 2;
  let factor = extrapolateToInterval / sampledInterval;
  if (isRate) factor /= durationSeconds(w.rangeMs);
  return result * factor;
}

/** irate and idelta: the last two points. */
function instantValue(w: Window, isRate: boolean): number | undefined {
  const { ts, vs, lo, hi } = w;
  if (hi - lo + 1 < 2) return undefined;
  const last = vs[hi]!;
  const previous = vs[hi - 1]!;
  let result = isRate && last < previous ? last : last - previous;
  const sampledInterval = ts[hi]! - ts[hi - 1]!;
  if (sampledInterval === 0) return undefined;
  if (isRate) result /= sampledInterval / 1000;
  return result;
}

/** linearRegression: slope and intercept at `interceptTime`, Kahan-compensated sums. */
function linearRegression(w: Window, interceptTime: number): [number, number] {
  const { ts, vs, lo, hi } = w;
  let n = 0;
  // (sumX, cX), (sumY, cY), (sumXY, cXY), (sumX2, cX2)
  ACC.fill(0);
  const initY = vs[lo]!;
  let constY = true;
  for (let i = lo; i <= hi; i++) {
    const v = vs[i]!;
    if (constY && i > lo && v !== initY) constY = false;
    n += 1;
    const x = (ts[i]! - interceptTime) / 1e3;
    kahanAdd(ACC, 0, x);
    kahanAdd(ACC, 2, v);
    kahanAdd(ACC, 4, x * v);
    kahanAdd(ACC, 6, x * x);
  }
  if (constY) {
    if (!Number.isFinite(initY) && !Number.isNaN(initY)) return [Number.NaN, Number.NaN];
    return [0, initY];
  }
  const sumX = ACC[0]! + ACC[1]!;
  const sumY = ACC[2]! + ACC[3]!;
  const sumXY = ACC[4]! + ACC[5]!;
  const sumX2 = ACC[6]! + ACC[7]!;
  const covXY = sumXY - (sumX * sumY) / n;
  const varX = sumX2 - (sumX * sumX) / n;
  const slope = covXY / varX;
  return [slope, sumY / n - (slope * sumX) / n];
}

function stdvar(w: Window): number {
  let count = 0;
  // (mean, cMean), (aux, cAux)
  ACC.fill(0);
  for (let i = w.lo; i <= w.hi; i++) {
    const v = w.vs[i]!;
    count++;
    const delta = v - (ACC[0]! + ACC[1]!);
    kahanAdd(ACC, 0, delta / count);
    kahanAdd(ACC, 2, delta * (v - (ACC[0]! + ACC[1]!)));
  }
  return (ACC[2]! + ACC[3]!) / count;
}

export const OVER_TIME_FUNCTIONS: ReadonlyMap<string, OverTimeFunction> = new Map<string, OverTimeFunction>([
  ['rate', (w) => extrapolatedRate(w, true, true)],
  ['increase', (w) => extrapolatedRate(w, true, false)],
  ['delta', (w) => extrapolatedRate(w, false, false)],
  ['irate', (w) => instantValue(w, true)],
  ['idelta', (w) => instantValue(w, false)],
  [
    'avg_over_time',
    (w) => {
      let count = 0;
      // (mean, c)
      ACC[0] = 0;
      ACC[1] = 0;
      for (let i = w.lo; i <= w.hi; i++) {
        const v = w.vs[i]!;
        count++;
        const mean = ACC[0]!;
        if (mean === Infinity || mean === -Infinity) {
          if ((v === Infinity || v === -Infinity) && mean > 0 === v > 0) continue;
          if (Number.isFinite(v)) continue;
        }
        kahanAdd(ACC, 0, v / count - mean / count);
      }
      const mean = ACC[0]!;
      return mean === Infinity || mean === -Infinity ? mean : mean + ACC[1]!;
    },
  ],
  ['count_over_time', (w) => w.hi - w.lo + 1],
  ['last_over_time', (w) => w.vs[w.hi]!],
  [
    'max_over_time',
    (w) => {
      let max = w.vs[w.lo]!;
      for (let i = w.lo; i <= w.hi; i++) {
        const v = w.vs[i]!;
        if (v > max || Number.isNaN(max)) max = v;
      }
      return max;
    },
  ],
  [
    'min_over_time',
    (w) => {
      let min = w.vs[w.lo]!;
      for (let i = w.lo; i <= w.hi; i++) {
        const v = w.vs[i]!;
        if (v < min || Number.isNaN(min)) min = v;
      }
      return min;
    },
  ],
  [
    'sum_over_time',
    (w) => {
      ACC[0] = 0;
      ACC[1] = 0;
      for (let i = w.lo; i <= w.hi; i++) kahanAdd(ACC, 0, w.vs[i]!);
      const sum = ACC[0]!;
      return sum === Infinity || sum === -Infinity ? sum : sum + ACC[1]!;
    },
  ],
  ['quantile_over_time', (w, [q]) => quantile(q!, w.vs, w.lo, w.hi + 1)],
  ['stddev_over_time', (w) => Math.sqrt(stdvar(w))],
  ['stdvar_over_time', stdvar],
  ['present_over_time', () => 1],
  ['absent_over_time', () => 1],
  ['changes', (w) => w.changes![w.hi]! - w.changes![w.lo]!],
  ['resets', (w) => w.resets![w.hi]! - w.resets![w.lo]!],
  ['deriv', (w) => (w.hi - w.lo + 1 < 2 ? undefined : linearRegression(w, w.ts[w.lo]!)[0])],
  [
    'predict_linear',
    (w, [duration]) => {
      if (w.hi - w.lo + 1 < 2) return undefined;
      const [slope, intercept] = linearRegression(w, w.evalMs);
      return slope * duration! + intercept;
    },
  ],
  ['holt_winters', holtWinters],
]);

/** Double exponential smoothing; refuses factors outside (0, 1) as Prometheus does (a run-time error). */
function holtWinters(w: Window, [sf, tf]: number[]): number | undefined {
  if (sf! <= 0 || sf! >= 1) throw execution(`invalid smoothing factor. Expected: 0 < sf < 1, got: ${goFloatF(sf!)}`);
  if (tf! <= 0 || tf! >= 1) throw execution(`invalid trend factor. Expected: 0 < tf < 1, got: ${goFloatF(tf!)}`);
  const l = w.hi - w.lo + 1;
  if (l < 2) return undefined;
  const at = (i: number) => w.vs[w.lo + i]!;
  let s0 = 0;
  let s1 = at(0);
  let b = at(1) - at(0);
  for (let i = 1; i < l; i++) {
    const x = sf! * at(i);
    // calcTrendValue(i - 1, tf, s0, s1, b)
    b = i - 1 === 0 ? b : tf! * (s1 - s0) + (1 - tf!) * b;
    const y = (1 - sf!) * (s1 + b);
    s0 = s1;
    s1 = x + y;
  }
  return s1;
}

/** Go's %f: six decimals. */
const goFloatF = (v: number) => (Number.isFinite(v) ? v.toFixed(6) : Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf');
