/**
 * Prometheus 2.42's quantile arithmetic (promql/quantile.go), for the aggregation, the range
 * function and histogram_quantile evaluated in the service.
 */

/** Scratch space of the sorts (one evaluation runs at a time). */
let scratch = new Float64Array(1024);

/**
 * quantile(q, values[from..to)): linear interpolation at rank q * (n - 1) of the values sorted
 * with NaN first, as Go's sort leaves vectorByValueHeap. `values` is read, not changed.
 */
export function quantile(q: number, values: ArrayLike<number>, from = 0, to = values.length): number {
  const n = to - from;
  if (n === 0 || Number.isNaN(q)) return Number.NaN;
  if (q < 0) return Number.NEGATIVE_INFINITY;
  if (q > 1) return Number.POSITIVE_INFINITY;
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  // The numbers sorted natively and NaN counted apart: in the NaN-first order, index i is NaN
  // below that count.
  let nans = 0;
  let m = 0;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) nans++;
    else scratch[m++] = v;
  }
  const sorted = scratch.subarray(0, m).sort();
  const at = (i: number) => (i < nans ? Number.NaN : sorted[i - nans]!);
  const rank = q * (n - 1);
  const lower = Math.max(0, Math.floor(rank));
  const upper = Math.min(n - 1, lower + 1);
  const weight = rank - Math.floor(rank);
  return at(lower) * (1 - weight) + at(upper) * weight;
}

export type Bucket = { upperBound: number; count: number };

/**
 * bucketQuantile over classic histogram buckets: NaN without a +Inf bucket, with fewer than two
 * buckets or no observations; buckets of one bound merged; counts made monotonic; linear
 * interpolation inside the bucket holding rank q * observations.
 */
export function bucketQuantile(q: number, input: Bucket[]): number {
  if (Number.isNaN(q)) return Number.NaN;
  if (q < 0) return Number.NEGATIVE_INFINITY;
  if (q > 1) return Number.POSITIVE_INFINITY;
  const sorted = [...input].sort((a, b) => a.upperBound - b.upperBound);
  if (sorted[sorted.length - 1]!.upperBound !== Number.POSITIVE_INFINITY) return Number.NaN;
  const buckets: Bucket[] = [];
  for (const b of sorted) {
    const last = buckets[buckets.length - 1];
    if (last && last.upperBound === b.upperBound) last.count += b.count;
    else buckets.push({ ...b });
  }
  let max = buckets[0]!.count;
  for (let i = 1; i < buckets.length; i++) {
    if (buckets[i]!.count > max) max = buckets[i]!.count;
    else if (buckets[i]!.count < max) buckets[i]!.count = max;
  }
  if (buckets.length < 2) return Number.NaN;
  const observations = buckets[buckets.length - 1]!.count;
  if (observations === 0) return Number.NaN;
  let rank = q * observations;
  // sort.Search over all but the last bucket: the first whose count reaches the rank.
  let b = 0;
  for (let j = buckets.length - 1; b < j; ) {
    const h = (b + j) >>> 1;
    if (!(buckets[h]!.count >= rank)) b = h + 1;
    else j = h;
  }
  if (b === buckets.length - 1) return buckets[buckets.length - 2]!.upperBound;
  if (b === 0 && buckets[0]!.upperBound <= 0) return buckets[0]!.upperBound;
  let bucketStart = 0;
  const bucketEnd = buckets[b]!.upperBound;
  let count = buckets[b]!.count;
  if (b > 0) {
    bucketStart = buckets[b - 1]!.upperBound;
    count -= buckets[b - 1]!.count;
    rank -= buckets[b - 1]!.count;
  }
  return bucketStart + (bucketEnd - bucketStart) * (rank / count);
}

/** A bucket's `le` as Go's strconv.ParseFloat reads it; undefined when absent or not a number. */
export function parseLe(le: string | undefined): number | undefined {
  if (le === undefined) return undefined;
  const t = le.trim().toLowerCase();
  if (/^[+]?inf(inity)?$/.test(t)) return Infinity;
  if (/^-inf(inity)?$/.test(t)) return -Infinity;
  if (t === 'nan') return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}
