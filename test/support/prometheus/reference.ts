/**
 * Pure references of three PromQL functions (Prometheus 2.42's promql/functions.go and
 * quantile.go), for property tests that run without a Prometheus binary. Points are [ms, value],
 * time-ordered; windows are Prometheus 2.x's closed [t - range, t].
 */
export type Point = [number, number];

export const windowOf = (points: Point[], t: number, rangeMs: number) =>
  points.filter(([ts]) => ts >= t - rangeMs && ts <= t);

/** rate / increase of a window ending at t (undefined under two points). */
export function refRate(w: Point[], t: number, rangeMs: number, isRate: boolean): number | undefined {
  if (w.length < 2) return undefined;
  let result = w[w.length - 1]![1] - w[0]![1];
  let prev = w[0]![1];
  for (const [, v] of w.slice(1)) {
    if (v < prev) result += prev;
    prev = v;
  }
  let toStart = (w[0]![0] - (t - rangeMs)) / 1000;
  const toEnd = (t - w[w.length - 1]![0]) / 1000;
  const sampled = (w[w.length - 1]![0] - w[0]![0]) / 1000;
  const avg = sampled / (w.length - 1);
  if (result > 0 && w[0]![1] >= 0) {
    const toZero = sampled * (w[0]![1] / result);
    if (toZero < toStart) toStart = toZero;
  }
  const threshold = avg * 1.1;
  let interval = sampled;
  interval += toStart < threshold ? toStart : avg / 2;
  interval += toEnd < threshold ? toEnd : avg / 2;
  let factor = interval / sampled;
  if (isRate) factor /= Math.trunc(rangeMs / 1000) + ((rangeMs % 1000) * 1e6) / 1e9;
  return result * factor;
}

/** quantile(q, values): NaN first, linear interpolation at rank q * (n - 1). */
export function refQuantile(q: number, values: number[]): number {
  const s = [...values].sort((a, b) => (Number.isNaN(a) ? -1 : Number.isNaN(b) ? 1 : a - b));
  const n = s.length;
  const rank = q * (n - 1);
  const lo = Math.max(0, Math.floor(rank));
  const hi = Math.min(n - 1, lo + 1);
  const w = rank - Math.floor(rank);
  return s[lo]! * (1 - w) + s[hi]! * w;
}

/** bucketQuantile over (upper bound, cumulative count) pairs. */
export function refBucketQuantile(q: number, buckets: [number, number][]): number {
  const b = [...buckets].sort((x, y) => x[0] - y[0]);
  if (b[b.length - 1]![0] !== Infinity) return NaN;
  const merged: [number, number][] = [];
  for (const [ub, c] of b) {
    const last = merged[merged.length - 1];
    if (last && last[0] === ub) last[1] += c;
    else merged.push([ub, c]);
  }
  let max = merged[0]![1];
  for (const x of merged.slice(1)) {
    if (x[1] > max) max = x[1];
    else if (x[1] < max) x[1] = max;
  }
  if (merged.length < 2) return NaN;
  const observations = merged[merged.length - 1]![1];
  if (observations === 0) return NaN;
  let rank = q * observations;
  let i = merged.slice(0, -1).findIndex(([, c]) => c >= rank);
  if (i < 0) i = merged.length - 1;
  if (i === merged.length - 1) return merged[merged.length - 2]![0];
  if (i === 0 && merged[0]![0] <= 0) return merged[0]![0];
  let start = 0;
  let count = merged[i]![1];
  if (i > 0) {
    start = merged[i - 1]![0];
    count -= merged[i - 1]![1];
    rank -= merged[i - 1]![1];
  }
  return start + (merged[i]![0] - start) * (rank / count);
}
