import { execution } from '../errors.ts';
import { quantile } from './quantile.ts';

/**
 * The points of one range at one step: `ts[lo..hi]`, `vs[lo..hi]` (inclusive, time order,
 * staleness markers left out), the range's bounds `[start, end]` in ms, its length, and the
 * evaluation time.
 */
export type Window = {
  ts: ArrayLike<number>;
  vs: ArrayLike<number>;
  lo: number;
  hi: number;
  start: number;
  end: number;
  rangeMs: number;
  evalMs: number;
};

/**
 * A function of a range vector (Prometheus 2.42's promql/functions.go, operation by operation so
 * that results are bit-identical): the value at one step from the window's points, or undefined
 * where Prometheus gives no sample. `scalars` are the scalar arguments at this step. Windows are
 * never empty (the caller skips those).
 */
export type OverTimeFunction = (w: Window, scalars: number[]) => number | undefined;

/** kahanSumInc: the Neumaier-compensated step of Prometheus' sums, returned as [sum, c]. */
export function kahanSumInc(inc: number, sum: number, c: number): [number, number] {
  const t = sum + inc;
  if (Math.abs(sum) >= Math.abs(inc)) c += sum - t + inc;
  else c += inc - t + sum;
  return [t, c];
}

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
  if (isCounter) {
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
  let sumX = 0;
  let cX = 0;
  let sumY = 0;
  let cY = 0;
  let sumXY = 0;
  let cXY = 0;
  let sumX2 = 0;
  let cX2 = 0;
  const initY = vs[lo]!;
  let constY = true;
  for (let i = lo; i <= hi; i++) {
    const v = vs[i]!;
    if (constY && i > lo && v !== initY) constY = false;
    n += 1;
    const x = (ts[i]! - interceptTime) / 1e3;
    [sumX, cX] = kahanSumInc(x, sumX, cX);
    [sumY, cY] = kahanSumInc(v, sumY, cY);
    [sumXY, cXY] = kahanSumInc(x * v, sumXY, cXY);
    [sumX2, cX2] = kahanSumInc(x * x, sumX2, cX2);
  }
  if (constY) {
    if (!Number.isFinite(initY) && !Number.isNaN(initY)) return [Number.NaN, Number.NaN];
    return [0, initY];
  }
  sumX += cX;
  sumY += cY;
  sumXY += cXY;
  sumX2 += cX2;
  const covXY = sumXY - (sumX * sumY) / n;
  const varX = sumX2 - (sumX * sumX) / n;
  const slope = covXY / varX;
  return [slope, sumY / n - (slope * sumX) / n];
}

function stdvar(w: Window): number {
  let count = 0;
  let mean = 0;
  let cMean = 0;
  let aux = 0;
  let cAux = 0;
  for (let i = w.lo; i <= w.hi; i++) {
    const v = w.vs[i]!;
    count++;
    const delta = v - (mean + cMean);
    [mean, cMean] = kahanSumInc(delta / count, mean, cMean);
    [aux, cAux] = kahanSumInc(delta * (v - (mean + cMean)), aux, cAux);
  }
  return (aux + cAux) / count;
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
      let mean = 0;
      let count = 0;
      let c = 0;
      for (let i = w.lo; i <= w.hi; i++) {
        const v = w.vs[i]!;
        count++;
        if (mean === Infinity || mean === -Infinity) {
          if ((v === Infinity || v === -Infinity) && mean > 0 === v > 0) continue;
          if (Number.isFinite(v)) continue;
        }
        [mean, c] = kahanSumInc(v / count - mean / count, mean, c);
      }
      return mean === Infinity || mean === -Infinity ? mean : mean + c;
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
      let sum = 0;
      let c = 0;
      for (let i = w.lo; i <= w.hi; i++) [sum, c] = kahanSumInc(w.vs[i]!, sum, c);
      return sum === Infinity || sum === -Infinity ? sum : sum + c;
    },
  ],
  [
    'quantile_over_time',
    (w, [q]) => {
      const values: number[] = [];
      for (let i = w.lo; i <= w.hi; i++) values.push(w.vs[i]!);
      return quantile(q!, values);
    },
  ],
  ['stddev_over_time', (w) => Math.sqrt(stdvar(w))],
  ['stdvar_over_time', stdvar],
  ['present_over_time', () => 1],
  ['absent_over_time', () => 1],
  [
    'changes',
    (w) => {
      let changes = 0;
      let prev = w.vs[w.lo]!;
      for (let i = w.lo + 1; i <= w.hi; i++) {
        const cur = w.vs[i]!;
        if (cur !== prev && !(Number.isNaN(cur) && Number.isNaN(prev))) changes++;
        prev = cur;
      }
      return changes;
    },
  ],
  [
    'resets',
    (w) => {
      let resets = 0;
      let prev = w.vs[w.lo]!;
      for (let i = w.lo + 1; i <= w.hi; i++) {
        const cur = w.vs[i]!;
        if (cur < prev) resets++;
        prev = cur;
      }
      return resets;
    },
  ],
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
