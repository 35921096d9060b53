import type { OverTimeFunction, Window } from './functions-over-time.ts';

/**
 * quantile_over_time over one series as its window slides from step to step: the window's values
 * are kept sorted (NaN counted apart), the points that left removed and those that came in added,
 * instead of sorting every window anew. The values at every rank are those of a fresh sort, so the
 * answer is the same as quantile()'s; a long range over fine steps costs a few moves per step
 * instead of a sort (a 1 h range of 720 points at 61 steps: 60 times less).
 */
export function slidingQuantile(): OverTimeFunction {
  let sorted = new Float64Array(64);
  let size = 0;
  let nans = 0;
  let lo = 0;
  let hi = -1;
  let source: Float64Array | undefined;

  const insert = (v: number) => {
    if (Number.isNaN(v)) {
      nans++;
      return;
    }
    if (size === sorted.length) {
      const grown = new Float64Array(sorted.length * 2);
      grown.set(sorted);
      sorted = grown;
    }
    const at = upperBound(sorted, size, v);
    sorted.copyWithin(at + 1, at, size);
    sorted[at] = v;
    size++;
  };
  const remove = (v: number) => {
    if (Number.isNaN(v)) {
      nans--;
      return;
    }
    const at = upperBound(sorted, size, v) - 1;
    sorted.copyWithin(at, at + 1, size);
    size--;
  };

  return (w: Window, [q]: number[]) => {
    if (w.vs !== source || w.lo > hi || w.lo < lo || w.hi < hi) {
      source = w.vs;
      size = 0;
      nans = 0;
      lo = w.lo;
      hi = w.lo - 1;
    }
    for (; lo < w.lo; lo++) remove(w.vs[lo]!);
    for (; hi < w.hi; hi++) insert(w.vs[hi + 1]!);
    const n = size + nans;
    if (Number.isNaN(q!)) return Number.NaN;
    if (q! < 0) return Number.NEGATIVE_INFINITY;
    if (q! > 1) return Number.POSITIVE_INFINITY;
    const at = (i: number) => (i < nans ? Number.NaN : sorted[i - nans]!);
    const rank = q! * (n - 1);
    const lower = Math.max(0, Math.floor(rank));
    const upper = Math.min(n - 1, lower + 1);
    const weight = rank - Math.floor(rank);
    return at(lower) * (1 - weight) + at(upper) * weight;
  };
}

/** The index after the last element <= v in a[0..size). */
function upperBound(a: Float64Array, size: number, v: number): number {
  let l = 0;
  let r = size;
  while (l < r) {
    const m = (l + r) >>> 1;
    if (a[m]! <= v) l = m + 1;
    else r = m;
  }
  return l;
}
