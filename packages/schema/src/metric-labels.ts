import * as v from 'valibot';
import { Integer } from './common.ts';
import { METRIC_LIMITS } from './metrics.ts';

/**
 * Bounds of GET /api/public/metrics/labels: a metric can carry a label with a value per request
 * id; suggestions stay a page, not a dump. Cut keys and values are flagged `truncated`.
 */
export const METRIC_LABEL_LIMITS = { keys: 100, valuesPerKey: 200 } as const;

/** GET /api/public/metrics/labels?name=<metric>. */
export const MetricLabelsParams = v.object({
  // Absent reads as empty, so both get the same message naming the parameter.
  name: v.optional(
    v.pipe(
      v.string('must be given once'),
      v.minLength(1, 'is required: the metric whose labels to list'),
      v.maxLength(METRIC_LIMITS.nameMax, `must be at most ${METRIC_LIMITS.nameMax} characters`),
    ),
    '',
  ),
});

export const MetricLabelValue = v.object({
  value: v.string(),
  /** Stored series of the metric with this key and value. */
  seriesCount: Integer,
});

export const MetricLabelKey = v.object({
  key: v.string(),
  /** Stored series of the metric that carry this key. */
  seriesCount: Integer,
  /** The most common values first (by series, then by value), at most METRIC_LABEL_LIMITS.valuesPerKey. */
  values: v.array(MetricLabelValue),
  /** Distinct values of the key; more than values.length when cut. */
  valuesTotal: Integer,
  /** Some values were left out. */
  truncated: v.boolean(),
});

export const MetricLabelsResponse = v.object({
  /** Sorted by key. */
  data: v.array(MetricLabelKey),
  meta: v.object({
    /** Stored series of the metric (labelled or not). */
    seriesCount: Integer,
    /** Distinct label keys; more than data.length when cut. */
    keysTotal: Integer,
    /** Some keys were left out (the ones on the fewest series). */
    truncated: v.boolean(),
  }),
});
export type MetricLabelsResponse = v.InferOutput<typeof MetricLabelsResponse>;
export type MetricLabelKey = v.InferOutput<typeof MetricLabelKey>;
