import * as v from 'valibot';
import { IsoDateTime } from './common.ts';

/** DESIGN.md limits on metric points. */
export const METRIC_LIMITS = {
  nameMax: 256,
  labelKeyMax: 128,
  labelValueMax: 1024,
  labelsMax: 64,
} as const;

/** SPEC.md 2.6. */
export const MetricPointInput = v.object({
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(METRIC_LIMITS.nameMax)),
  labels: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.minLength(1, 'label keys must not be empty'), v.maxLength(METRIC_LIMITS.labelKeyMax)),
        v.pipe(v.string('label values must be strings'), v.maxLength(METRIC_LIMITS.labelValueMax)),
      ),
      v.check((o) => Object.keys(o).length <= METRIC_LIMITS.labelsMax, `at most ${METRIC_LIMITS.labelsMax} labels`),
    ),
    {},
  ),
  value: v.pipe(v.number(), v.finite('must be a finite number')),
  timestamp: IsoDateTime,
});
export type MetricPointInput = v.InferOutput<typeof MetricPointInput>;

export const MetricsBatchRequest = v.object({ metrics: v.array(MetricPointInput) });
export type MetricsBatchRequest = v.InferOutput<typeof MetricsBatchRequest>;

export const MetricsBatchResponse = v.object({ message: v.string(), count: v.pipe(v.number(), v.integer()) });

export const METRIC_STEPS = ['1m', '5m', '1h', '1d'] as const;
export const METRIC_AGGS = ['avg', 'max', 'min', 'sum', 'last', 'p50', 'p90', 'p99'] as const;
export type MetricStep = (typeof METRIC_STEPS)[number];
export type MetricAgg = (typeof METRIC_AGGS)[number];

/** SPEC.md 2.7. */
export const MetricSeries = v.object({
  labels: v.record(v.string(), v.string()),
  values: v.array(
    v.object({
      timestamp: v.pipe(v.string(), v.regex(/(Z|[+-]\d{2}:\d{2})$/, 'timestamp needs an explicit UTC offset')),
      value: v.number(),
    }),
  ),
});
export type MetricSeries = v.InferOutput<typeof MetricSeries>;

export const MetricsQueryResponse = v.object({
  data: v.array(MetricSeries),
  meta: v.object({
    latest_ts: v.optional(v.string()),
    series_count: v.pipe(v.number(), v.integer()),
    truncated: v.boolean(),
  }),
});
export type MetricsQueryResponse = v.InferOutput<typeof MetricsQueryResponse>;

export const MetricNamesResponse = v.object({ data: v.array(v.string()) });
