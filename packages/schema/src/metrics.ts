import * as v from 'valibot';
import { QueryIsoDateTime } from './common.ts';
import { isoToMicros, STORED_TIME_RANGE_MESSAGE, STORED_TIME_RANGE_US } from './time.ts';

/** Limits on metric points (docs/api.md). */
export const METRIC_LIMITS = {
  nameMax: 256,
  labelKeyMax: 128,
  labelValueMax: 1024,
  labelsMax: 64,
} as const;

/**
 * Points must lie in [1970, 2200). Buckets are aligned to the Unix epoch by integer division,
 * which is a floor only for times at or after it; and microseconds since the epoch stay exact in
 * a JS number only up to 2^53 (mid-2255). Points outside are refused rather than clamped or
 * misbucketed.
 */
export const METRIC_TIME_RANGE_US = STORED_TIME_RANGE_US;

export const METRIC_MESSAGES = {
  labels: 'must be an object of string values',
  labelKey: 'label keys must be 1 to 128 characters',
  labelValue: 'label values must be strings',
  labelValueLong: 'label values must be at most 1024 characters',
  labelsMax: `at most ${METRIC_LIMITS.labelsMax} labels`,
  name: 'must be a string of 1 to 256 characters',
  value: 'must be a finite number',
  timestamp: 'must be an ISO 8601 date-time with a time zone (Z or an offset)',
  timestampRange: STORED_TIME_RANGE_MESSAGE,
} as const;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Why a label is not valid, or undefined when it is. */
function labelProblem(key: string, value: unknown): string | undefined {
  if (key.length === 0 || key.length > METRIC_LIMITS.labelKeyMax) return METRIC_MESSAGES.labelKey;
  if (typeof value !== 'string') return METRIC_MESSAGES.labelValue;
  if (value.length > METRIC_LIMITS.labelValueMax) return METRIC_MESSAGES.labelValueLong;
  return undefined;
}

/**
 * Label set of a point: string keys to string values (docs/api.md). Arrays and null are refused.
 * Every key is an ordinary key, "__proto__" and "constructor" included: the labels are checked
 * where they are, not copied (a record schema would leave such keys out), and the output is the
 * object given.
 */
export const MetricLabels = v.pipe(
  v.unknown(),
  v.check(isPlainObject, METRIC_MESSAGES.labels),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!isPlainObject(dataset.value)) return;
    const labels = dataset.value;
    for (const key of Object.keys(labels)) {
      const message = labelProblem(key, labels[key]);
      if (message) {
        addIssue({
          message,
          path: [{ type: 'object', origin: 'value', input: labels, key, value: labels[key] }],
        });
      }
    }
  }),
  v.check((o) => !isPlainObject(o) || Object.keys(o).length <= METRIC_LIMITS.labelsMax, METRIC_MESSAGES.labelsMax),
  v.transform((o) => o as Record<string, string>),
);

/** An ISO 8601 timestamp with a zone, a real calendar date, within METRIC_TIME_RANGE_US. */
export const MetricTimestamp = v.pipe(
  v.string(METRIC_MESSAGES.timestamp),
  v.check((s) => isoToMicros(s) !== null, METRIC_MESSAGES.timestamp),
  v.check((s) => {
    const us = isoToMicros(s);
    // Not a time at all is the check above's to word; this one is for a time out of range.
    return us === null || (us >= METRIC_TIME_RANGE_US.min && us <= METRIC_TIME_RANGE_US.max);
  }, METRIC_MESSAGES.timestampRange),
);

/**
 * A metric point (docs/api.md). This schema is the definition of a valid point and of the error messages; the
 * ingest hot path checks the same rules by hand (apps/ingest-api/src/metrics/decode.ts) and
 * falls back to this schema to word the 400 whenever a point fails.
 */
export const MetricPointInput = v.object({
  name: v.pipe(
    v.string(METRIC_MESSAGES.name),
    v.minLength(1, METRIC_MESSAGES.name),
    v.maxLength(METRIC_LIMITS.nameMax, METRIC_MESSAGES.name),
  ),
  labels: v.optional(MetricLabels, {}),
  value: v.pipe(v.number(METRIC_MESSAGES.value), v.finite(METRIC_MESSAGES.value)),
  timestamp: MetricTimestamp,
});
export type MetricPointInput = { name: string; labels: Record<string, string>; value: number; timestamp: string };

export const MetricsBatchRequest = v.object({ metrics: v.array(MetricPointInput, 'must be an array of points') });
export type MetricsBatchRequest = { metrics: MetricPointInput[] };

export const MetricsBatchResponse = v.object({ message: v.string(), count: v.pipe(v.number(), v.integer()) });

export const METRIC_STEPS = ['1m', '5m', '1h', '1d'] as const;
export const METRIC_AGGS = ['avg', 'max', 'min', 'sum', 'last', 'p50', 'p90', 'p99'] as const;
export type MetricStep = (typeof METRIC_STEPS)[number];
export type MetricAgg = (typeof METRIC_AGGS)[number];

/** Bucket width of each step, in microseconds (the storage unit). */
export const METRIC_STEP_US: Record<MetricStep, number> = {
  '1m': 60e6,
  '5m': 300e6,
  '1h': 3_600e6,
  '1d': 86_400e6,
};

/** The answer limits of a metrics query (docs/api.md). */
export const METRIC_QUERY_LIMITS = { series: 50, points: 1000 } as const;

/** A query parameter given once: a repeated key arrives as an array and is refused. */
const Single = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.pipe(v.string('must be given once'), schema);

/**
 * Query string of GET /api/public/metrics/query as received (strings); the query app turns it
 * into a MetricsQuery (defaults, parsed labels, microsecond bounds).
 */
export const MetricsQueryParams = v.object({
  name: Single(v.pipe(v.string(), v.minLength(1, 'must not be empty'))),
  from: v.optional(Single(QueryIsoDateTime)),
  to: v.optional(Single(QueryIsoDateTime)),
  labels: v.optional(Single(v.string())),
  step: v.optional(Single(v.picklist(METRIC_STEPS, `must be one of ${METRIC_STEPS.join(', ')}`)), '1m'),
  agg: v.optional(Single(v.picklist(METRIC_AGGS, `must be one of ${METRIC_AGGS.join(', ')}`)), 'avg'),
  group_by: v.optional(Single(v.pipe(v.string(), v.minLength(1, 'must not be empty')))),
});
export type MetricsQueryParams = v.InferOutput<typeof MetricsQueryParams>;

/** A series of a metrics query answer (docs/api.md). */
export const MetricSeries = v.object({
  labels: v.record(v.string(), v.string()),
  values: v.array(
    v.object({
      timestamp: v.pipe(v.string(), v.regex(/(Z|[+-]\d{2}:\d{2})$/, 'timestamp needs an explicit UTC offset')),
      /** null only when the aggregate leaves the range of a double (a sum past 1.8e308). */
      value: v.nullable(v.number()),
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
