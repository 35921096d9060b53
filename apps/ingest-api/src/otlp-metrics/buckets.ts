import { formatPromFloat } from '@spanhouse/schema';

/**
 * `_bucket` series of a histogram from (upper bound, count in that bucket) pairs in ascending
 * order: counts made cumulative, each labelled `le` with its bound as Prometheus writes floats,
 * and a `+Inf` bucket holding the total `count`.
 */
export function bucketSeries(buckets: [number, number][], count: number): [string, Record<string, string>, number][] {
  const out: [string, Record<string, string>, number][] = [];
  let cumulative = 0;
  for (const [bound, n] of buckets) {
    cumulative += n;
    if (bound === Number.POSITIVE_INFINITY) continue;
    out.push(['_bucket', { le: formatPromFloat(bound) }, cumulative]);
  }
  out.push(['_bucket', { le: '+Inf' }, count]);
  return out;
}
