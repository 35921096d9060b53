import { double, type ExpBucketsLike, type ExpHistogramPointLike, type Int64Like, int64Number } from './like.ts';

/** The scales the OTLP data model allows: base = 2^(2^-scale). */
export const MIN_SCALE = -10;
export const MAX_SCALE = 20;

/** How an exponential histogram point is stored: at `scale`, `steps` below the scale it was sent at. */
export type ExpResolution = { scale: number; steps: number };

/** Buckets `steps` scales down: index i at scale s is index floor(i / 2^steps) at scale s - steps. */
const lowered = (index: number, steps: number) => Math.floor(index / 2 ** steps);

/** Buckets a side holds once lowered by `steps` (its first and last indexes lowered, and all between). */
function bucketsAfter(side: ExpBucketsLike, steps: number): number {
  const length = side?.bucketCounts?.length ?? 0;
  if (length === 0) return 0;
  const offset = side?.offset ?? 0;
  return lowered(offset + length - 1, steps) - lowered(offset, steps) + 1;
}

/**
 * The resolution an exponential histogram point is stored at: its own scale when its positive and
 * negative buckets together are at most `limit`, else the highest lower scale at which they fit,
 * as Prometheus reduces a native histogram past native_histogram_bucket_limit (each step down
 * merges pairs of adjacent buckets, so the count, the sum and every bound kept stay exact). A
 * string saying why when the point cannot be stored: a scale outside the data model's range, or
 * too many buckets even at the lowest scale. Reads only the buckets' lengths: nothing is expanded
 * before the point is known to fit.
 */
export function expResolution(p: ExpHistogramPointLike, limit: number): ExpResolution | string {
  const scale = p.scale ?? 0;
  if (!Number.isInteger(scale) || scale < MIN_SCALE || scale > MAX_SCALE) {
    return `exponential histogram scale ${scale} outside ${MIN_SCALE}..${MAX_SCALE}`;
  }
  for (let steps = 0; scale - steps >= MIN_SCALE; steps++) {
    if (bucketsAfter(p.positive, steps) + bucketsAfter(p.negative, steps) <= limit) {
      return { scale: scale - steps, steps };
    }
  }
  return `exponential histogram with more than ${limit} buckets even at scale ${MIN_SCALE} (METRICS_HISTOGRAM_BUCKET_LIMIT)`;
}

/** A side's counts lowered by `steps`: adjacent buckets that share a lowered index summed. */
function loweredCounts(side: ExpBucketsLike, steps: number): { offset: number; counts: number[] } {
  const offset = side?.offset ?? 0;
  const sent: Int64Like[] = side?.bucketCounts ?? [];
  if (steps === 0) return { offset, counts: sent.map(int64Number) };
  const first = lowered(offset, steps);
  const counts = new Array<number>(bucketsAfter(side, steps)).fill(0);
  for (let j = 0; j < sent.length; j++) counts[lowered(offset + j, steps) - first]! += int64Number(sent[j]);
  return { offset: first, counts };
}

/**
 * base^k for base = 2^(2^-scale), computed as 2^(k·2^-scale): the exponent is exact (a power of two
 * times an integer), so every bound that is a power of two comes out exactly (2, 0.5, 64), where
 * base ** k, from a rounded base, lands next to it (1.9999999999999973).
 */
const power = (k: number, scale: number): number => 2 ** (k * 2 ** -scale);

/**
 * (upper bound, count) pairs of an exponential histogram at `resolution` (expResolution), in
 * ascending order: negative buckets, the zero bucket at its threshold, positive buckets.
 */
export function expBuckets(p: ExpHistogramPointLike, resolution: ExpResolution): [number, number][] {
  const { scale, steps } = resolution;
  const buckets: [number, number][] = [];
  const negative = loweredCounts(p.negative, steps);
  // Negative bucket i holds [-base^(i+1), -base^i): its upper bound is -base^i; highest index first.
  for (let j = negative.counts.length - 1; j >= 0; j--) {
    buckets.push([-power(negative.offset + j, scale), negative.counts[j]!]);
  }
  buckets.push([double(p.zeroThreshold), int64Number(p.zeroCount)]);
  const positive = loweredCounts(p.positive, steps);
  // Positive bucket i holds (base^i, base^(i+1)].
  positive.counts.forEach((c, j) => {
    buckets.push([power(positive.offset + j + 1, scale), c]);
  });
  return buckets;
}
