import type { LongLike } from '../otlp/times.ts';
import type { KeyValueLike } from '../otlp/values.ts';

/*
 * An ExportMetricsServiceRequest as the generated protobuf decoder makes it or as OTLP/JSON spells
 * it: the same lowerCamelCase field names; 64-bit integers as exact halves in one and as decimal
 * strings (or numbers) in the other; enums as numbers or their names; non-finite doubles as
 * strings in JSON. Everything may be absent.
 */
export type Int64Like = LongLike | string | number | null | undefined;
export type DoubleLike = number | string | null | undefined;

export type NumberPointLike = {
  attributes?: KeyValueLike[] | null;
  timeUnixNano?: Int64Like;
  asDouble?: DoubleLike;
  asInt?: Int64Like;
  flags?: number | null;
  /** Not stored; counted against the request's bounds (counts.ts). */
  exemplars?: unknown[] | null;
};
export type HistogramPointLike = NumberPointLike & {
  count?: Int64Like;
  sum?: DoubleLike;
  bucketCounts?: Int64Like[] | null;
  explicitBounds?: DoubleLike[] | null;
};
export type ExpBucketsLike = { offset?: number | null; bucketCounts?: Int64Like[] | null } | null | undefined;
export type ExpHistogramPointLike = NumberPointLike & {
  count?: Int64Like;
  sum?: DoubleLike;
  scale?: number | null;
  zeroCount?: Int64Like;
  zeroThreshold?: DoubleLike;
  positive?: ExpBucketsLike;
  negative?: ExpBucketsLike;
};
export type SummaryPointLike = NumberPointLike & {
  count?: Int64Like;
  sum?: DoubleLike;
  quantileValues?: { quantile?: DoubleLike; value?: DoubleLike }[] | null;
};
type Temporal<P> = { dataPoints?: P[] | null; aggregationTemporality?: number | string | null };

export type MetricLike = {
  name?: string | null;
  gauge?: { dataPoints?: NumberPointLike[] | null } | null;
  sum?: Temporal<NumberPointLike> | null;
  histogram?: Temporal<HistogramPointLike> | null;
  exponentialHistogram?: Temporal<ExpHistogramPointLike> | null;
  summary?: { dataPoints?: SummaryPointLike[] | null } | null;
};

export type MetricsRequestLike = {
  resourceMetrics?:
    | {
        resource?: { attributes?: KeyValueLike[] | null } | null;
        scopeMetrics?: { metrics?: MetricLike[] | null }[] | null;
      }[]
    | null;
};

/** A 64-bit integer as a number (counts, exact below 2^53). */
export function int64Number(v: Int64Like): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  return (v.high | 0) * 4294967296 + (v.low >>> 0);
}

/** A double, with the JSON mapping's "NaN", "Infinity" and "-Infinity". */
export function double(v: DoubleLike): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  return v === 'Infinity' ? Number.POSITIVE_INFINITY : v === '-Infinity' ? Number.NEGATIVE_INFINITY : Number(v);
}

/** AggregationTemporality as its number (1 delta, 2 cumulative), from a number or its name. */
export function temporality(v: number | string | null | undefined): number {
  if (typeof v === 'number') return v;
  if (v === 'AGGREGATION_TEMPORALITY_DELTA') return 1;
  if (v === 'AGGREGATION_TEMPORALITY_CUMULATIVE') return 2;
  return 0;
}
